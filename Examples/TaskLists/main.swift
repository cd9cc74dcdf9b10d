// TaskLists: a task manager's XML API, in the style of Remember The Milk.
//
//   swift run TaskLists
//
// Three calls, as an app makes them after sign-in: check the auth token, get
// the lists, get the tasks. The responses come from a local server on
// 127.0.0.1 (the sample files in Examples/ExampleSupport/Responses/tasks),
// loaded with Document.load(from:) exactly as from the real service. No
// model types: every value is one path away.

import DocQuery
import DocQueryNetworking
import ExampleSupport
import Foundation

/// The day the sample data was written, so the output is the same on every
/// run. An app would use `Date()`.
let today = ISO8601DateFormatter().date(from: "2026-11-23T00:00:00Z")!
let endOfWeek = today.addingTimeInterval(7 * 24 * 3600)

let routes: [String: CannedResponse] = [
    "/services/rest/?method=rtm.auth.checkToken": SampleResponses.ok("tasks/auth.checkToken.xml", contentType: "text/xml; charset=utf-8"),
    "/services/rest/?method=rtm.lists.getList": SampleResponses.ok("tasks/lists.getList.xml", contentType: "text/xml; charset=utf-8"),
    "/services/rest/?method=rtm.tasks.getList": SampleResponses.ok("tasks/tasks.getList.xml", contentType: "text/xml; charset=utf-8"),
]

func call(_ method: String, on server: URL) async throws -> Document {
    try await Document.load(from: URL(string: "\(server)/services/rest/?method=\(method)")!)
}

func day(_ date: Date) -> String {
    date.formatted(.iso8601.year().month().day())
}

try await LocalHTTPServer.serve(routes) { server in
    // 1. Auth: an element's text and a user's attributes, both reached like keys.
    let auth = try await call("rtm.auth.checkToken", on: server)
    guard auth["stat"].string == "ok" else {
        print("the service said no: \(auth["err.msg"].string ?? "unknown error")")
        return
    }
    print("== auth")
    print("token:    \(auth["auth.token"].string ?? "?")")
    print("user:     \(auth["auth.user.fullname"].string ?? "?") (@\(auth["auth.user.username"].string ?? "?"), id \(auth["auth.user.id"].int ?? 0))")
    print("perms:    \(auth["auth.perms"].string ?? "?")")

    // 2. Lists: every list's name in document order, then the smart lists
    //    (a filter on an attribute) with their search filters.
    let lists = try await call("rtm.lists.getList", on: server)
    print("\n== lists")
    print("all:      \(lists["lists._contents.name"].strings.joined(separator: ", "))")
    for smart in lists["lists.list[?smart == 1]"] {
        print("smart:    \(smart["name"].string ?? "?")  \(smart["filter"].string ?? "")")
    }
    let names = Dictionary(
        zip(lists["lists.list.id"].strings, lists["lists.list.name"].strings), uniquingKeysWith: { first, _ in first })

    // 3. Tasks: nested series, each with tags, notes and one task per
    //    occurrence (a repeating series keeps the completed ones).
    let tasks = try await call("rtm.tasks.getList", on: server)
    print("\n== tasks")
    print("series:   \(tasks["tasks.list.taskseries.@count"].int ?? 0) in \(tasks["tasks.list.@count"].int ?? 0) lists")
    print("open:     \(tasks["tasks.list.taskseries.task[?completed == ''].@count"].int ?? 0)")
    print("done:     \(tasks["tasks.list.taskseries.task[?completed != ''].@count"].int ?? 0)")
    print("tags:     \(tasks["tasks..tag.@distinctUnionOfObjects"].strings.sorted().joined(separator: ", "))")
    for list in tasks["tasks.list"] {
        let name = names[list["id"].string ?? ""] ?? "?"
        print("per list: \(name): \(list["taskseries.name"].strings.joined(separator: "; "))")
    }

    print("\n== due this week (\(day(today)) to \(day(endOfWeek.addingTimeInterval(-1))))")
    var dueThisWeek: [(due: Date, line: String)] = []
    for series in tasks["tasks.list.taskseries"] {
        for task in series["task[?completed == '']"] {
            guard let due = task["due"].date(), due >= today, due < endOfWeek else { continue }
            let tags = series["tags.tag"].strings
            let priority = task["priority"].string.map { $0 == "N" ? "none" : $0 } ?? "?"
            let line = "\(day(due))  \(series["name"].string ?? "?")  [priority \(priority)]"
                + (tags.isEmpty ? "" : "  #" + tags.joined(separator: " #"))
            dueThisWeek.append((due, line))
        }
    }
    for entry in dueThisWeek.sorted(by: { $0.due < $1.due }) {
        print(entry.line)
    }

    // Notes: a title attribute and the note's text, which `_string` reads
    // (an element with attributes still reads as its text).
    print("\n== notes (\(tasks["tasks..note.@count"].int ?? 0))")
    for series in tasks["tasks.list.taskseries[?notes.note]"] {
        for note in series["notes.note"] {
            let title = note["title"].string.flatMap { $0.isEmpty ? nil : $0 } ?? "(untitled)"
            print("\(series["name"].string ?? "?") / \(title): \(note["_string"].string ?? "")")
        }
    }
}
