// RESTPosts: a REST JSON service in the style of JSONPlaceholder: posts,
// users with a nested address and company, and comments.
//
//   swift run RESTPosts
//
// First read by path with no model types (titles by user, cities, comments
// per post), then decoded into Codable structs, with one key renamed
// (`username` becomes `handle`) and the service's snake_case names
// (`user_id`, `zip_code`, `catch_phrase`) converted to camelCase properties.

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation

let json = "application/json; charset=utf-8"
let routes: [String: CannedResponse] = [
    "/posts": SampleResponses.ok("rest/posts.json", contentType: json),
    "/users": SampleResponses.ok("rest/users.json", contentType: json),
    "/comments": SampleResponses.ok("rest/comments.json", contentType: json),
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
}
