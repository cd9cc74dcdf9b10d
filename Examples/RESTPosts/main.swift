// RESTPosts: a REST JSON service in the style of JSONPlaceholder: posts,
// users with a nested address and company, and comments.
//
//   swift run RESTPosts
//
// First read by path with no model types (titles by user, cities, comments
// per post), then decoded into Codable structs, with one key renamed
// (`username` becomes `handle`) and the service's snake_case names
// (`user_id`, `zip_code`, `catch_phrase`) converted to camelCase properties.
// Last, changing data with DocumentEditor: a fetched todo sent back with
// `completed` set (PATCH), every other byte as the service wrote it, and a
// new post built as a document (POST).

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

let json = "application/json; charset=utf-8"
let routes: [String: CannedResponse] = [
    "/posts": SampleResponses.ok("rest/posts.json", contentType: json),
    "/users": SampleResponses.ok("rest/users.json", contentType: json),
    "/comments": SampleResponses.ok("rest/comments.json", contentType: json),
    "/todos/5": SampleResponses.ok("rest/todo-5.json", contentType: json),
    // The service stores what it is sent and answers with it.
    "PATCH /todos/5": .echo(contentType: json),
    "POST /posts": .echo(contentType: json),
]

struct User: Decodable {
    let id: Int
    let name: String
    let handle: String
    let address: Address
    let company: Company

    struct Address: Decodable {
        let street: String
        let city: String
        let zipCode: String
        let geo: Geo
    }

    struct Geo: Decodable {
        let lat: Double
        let lng: Double
    }

    struct Company: Decodable {
        let name: String
        let catchPhrase: String
    }

    enum CodingKeys: String, CodingKey {
        case id, name, address, company
        case handle = "username"
    }
}

struct Post: Decodable {
    let userId: Int
    let id: Int
    let title: String
}

try await LocalHTTPServer.serve(routes) { server in
    let posts = try await Document.load(from: server.appendingPathComponent("posts"))
    let users = try await Document.load(from: server.appendingPathComponent("users"))
    let comments = try await Document.load(from: server.appendingPathComponent("comments"))

    // By path. Each response is a JSON array; a key on it reads that key of
    // every element, and a filter picks elements.
    print("== \(posts["@count"].int ?? 0) posts by \(users["@count"].int ?? 0) users, \(comments["@count"].int ?? 0) comments")
    print("\n== titles by user")
    for user in users["[:]"] {
        let id = user["id"].int ?? 0
        print("\(user["name"].string ?? "?") (@\(user["username"].string ?? "?")):")
        // $id is a bound parameter: a value, never part of the path's syntax.
        for title in try posts.query("[?user_id == $id].title", ["id": id]).strings {
            print("  - \(title)")
        }
    }

    print("\n== cities: \(users["address.city.@distinctUnionOfObjects"].strings.joined(separator: ", "))")
    print("companies in Harrowgate: \(users["[?address.city == 'Harrowgate'].company.name"].strings.joined(separator: ", "))")

    print("\n== comments per post")
    for post in posts["[:]"] {
        let id = post["id"].int ?? 0
        let count = try comments.query("[?post_id == $id].@count", ["id": id]).int ?? 0
        print("\(count)  \(post["title"].string ?? "?")")
    }
    let commenters = comments["email.@distinctUnionOfObjects.@count"].int ?? 0
    print("distinct commenters: \(commenters)")

    // Decoded. snake_case names convert to camelCase properties; the
    // coordinates are sent as text, which .lenient reads as Double.
    var decoder = NodeDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    decoder.jsonScalarStrategy = .lenient
    let people = try users.decode([User].self, at: ".", using: decoder)
    let articles = try posts.decode([Post].self, at: ".", using: decoder)
    print("\n== decoded: \(people.count) User, \(articles.count) Post")
    for person in people {
        let written = articles.filter { $0.userId == person.id }.count
        print("@\(person.handle): \(person.address.city) \(person.address.zipCode) (\(person.address.geo.lat), \(person.address.geo.lng)), "
            + "\(person.company.name): \"\(person.company.catchPhrase)\", \(written) posts")
    }

    // Changed and sent back. The editor works on the bytes as fetched:
    // setting `completed` replaces that one value, and the fields this
    // program never reads (`due`, `tags`, `priority` spelled `1.50`), their
    // order and the four-space indentation go back as the service wrote them.
    let todoURL = server.appendingPathComponent("todos/5")
    let (fetched, _) = try await URLSession.shared.data(from: todoURL)
    var todo = try DocumentEditor(data: fetched)
    try todo.apply(.set("completed", to: true))
    var patch = URLRequest(url: todoURL)
    patch.httpMethod = "PATCH"
    patch.setValue(json, forHTTPHeaderField: "Content-Type")
    patch.httpBody = todo.data
    let patched = try await Document.load(from: patch)
    let before = String(decoding: fetched, as: UTF8.self).split(separator: "\n")
    let after = String(decoding: todo.data, as: UTF8.self).split(separator: "\n")
    let changed = zip(before, after).filter { $0 != $1 }
    print("\n== PATCH /todos/5: \(changed.count) of \(after.count) lines changed, \(fetched.count) → \(todo.data.count) bytes")
    for (old, new) in changed { print("- \(old)\n+ \(new)") }
    print("stored: completed \(patched["completed"].bool.map(String.init) ?? "?"), tags \(patched["tags"].strings.joined(separator: ", "))")

    // A new post, built as a document: each `set` of a missing key adds it,
    // in the order set, with its value written and escaped as JSON.
    var draft = try DocumentEditor(string: "{}")
    try draft.apply([
        .set("user_id", to: 3),
        .set("title", to: "Letters I finally sent"),
        .set("body", to: "Two of them, both \"overdue\"."),
        .set("tags", to: ["letters", "post"]),
    ])
    var post = URLRequest(url: server.appendingPathComponent("posts"))
    post.httpMethod = "POST"
    post.setValue(json, forHTTPHeaderField: "Content-Type")
    post.httpBody = draft.data
    let created = try await Document.load(from: post)
    print("\n== POST /posts: \(String(decoding: draft.data, as: UTF8.self))")
    print("stored: \(created["title"].string ?? "?") by user \(created["user_id"].int ?? 0)")
}
