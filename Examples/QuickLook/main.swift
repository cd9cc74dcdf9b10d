// QuickLook: a small program that uses the DocQuery library (no docq code).
//
// It loads a document (XML or JSON, any supported encoding), prints a short
// overview of its root, then answers the paths given on the command line,
// each with the canonical path of every value it matched.
//
//   swift run QuickLook Examples/documents/lists.xml 'lists.list.name' 'lists._contents.@count'
//   swift run QuickLook Examples/documents/theaters.json '[0].상영관명'
//
// With only a file it runs a few paths chosen for the shipped examples.

import DocQuery
import Foundation

let arguments = Array(CommandLine.arguments.dropFirst())
guard let file = arguments.first else {
    print("usage: QuickLook FILE [PATH ...]")
    exit(2)
}

let document: Document
do {
    document = try Document(contentsOf: URL(fileURLWithPath: file))
} catch {
    print("\(file): \(error)")
    exit(3)
}

let root = document.root
print("\(file): \(document.format), \(document.nodeCount) nodes")
print("root: \(root.name ?? root.kind.description), keys: \(document["@keys"].strings.joined(separator: ", "))")

let paths = arguments.count > 1 ? Array(arguments.dropFirst()) : [
    "auth.user.username", "lists.list.name", "lists._contents.@count",
    "body.items.item.sgName", "상영관명", "tasks.list[0].taskseries.name",
]

for path in paths {
    do {
        let result = try document.query(path)
        if result.isEmpty {
            if arguments.count > 1, let explanation = result.explanation {
                print("\(path): no match\n\(explanation)")
            }
            continue
        }
        print("\(path): \(result.count) value\(result.count == 1 ? "" : "s")")
        for (match, canonical) in zip(result, result.paths) {
            print("  \(canonical) = \(match.string ?? match.node?.jsonString() ?? "null")")
        }
    } catch {
        print(error)
    }
}
