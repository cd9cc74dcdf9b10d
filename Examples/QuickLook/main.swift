// QuickLook: a small program that uses the libraries only (no docq code).
// (Waiting for DocQuery's path language to land; see /tmp/QuickLook.real.swift.)
import DocQuery
import Foundation

guard let file = CommandLine.arguments.dropFirst().first else {
    print("usage: QuickLook FILE")
    exit(2)
}
do {
    let document = try Document(contentsOf: URL(fileURLWithPath: file))
    print(document.root.jsonString(pretty: true))
} catch {
    print("\(file): \(error)")
    exit(3)
}
