import DocTree
import Foundation
import Testing
@testable import docq

/// The paths `--paths` prints are DocQuery's canonical paths.
@Suite("Leaf paths")
struct LeafPathsTests {
    @Test("every leaf path equals DocQuery's canonical path of that node", arguments: [
        "rsp.xml", "lists.xml", "schedule.xml", "quote.xml", "feed.xml", "theaters.json", "tasks.json",
    ])
    func canonical(_ example: String) throws {
        let document = try Document(contentsOf: URL(fileURLWithPath: Docq.example(example)))
        var count = 0
        LeafPaths().forEachLeaf(of: document.root, path: ".") { path, node, _ in
            count += 1
            if path.hasSuffix("._string") {
                #expect(LeafPaths.display(LeafPaths.canonicalPath(of: node)) + "._string" == path)
            } else {
                #expect(LeafPaths.display(LeafPaths.canonicalPath(of: node)) == path)
            }
        }
        #expect(count > 0)
    }

    @Test("duplicate JSON keys, repeated elements and shared names get indexes")
    func indexes() throws {
        let cases: [(String, [String])] = [
            (#"{"a": 1, "a": 2, "b": [true, null]}"#, ["a[0]", "a[1]", "b[0]", "b[1]"]),
            (#"<r x="1"><x>2</x><y/><y>3</y></r>"#, ["x[0]", "x[1]", "y[0]", "y[1]"]),
            (#"{"a.b": {"_contents": "q", "": 0}}"#, [#""a.b"."_contents""#, #""a.b"."""#]),
        ]
        for (text, expected) in cases {
            let document = try Document(string: text)
            var paths: [String] = []
            LeafPaths().forEachLeaf(of: document.root, path: ".") { path, node, _ in
                paths.append(path)
                #expect(LeafPaths.canonicalPath(of: node) == path, "\(text)")
            }
            #expect(paths == expected, "\(text)")
        }
    }
}
