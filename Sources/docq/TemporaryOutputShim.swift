import DocTree
// TEMPORARY until DocTree's writers land on main.
extension Node {
    func jsonString(pretty: Bool = false) -> String { "null" }
    func xmlString() -> String? { nil }
}
enum ReservedKey {
    static let string = "_string"
    static let all = ["_contents", "_string", "_elementName", "_attributes", "_text"]
}
import Foundation
extension Document {
    static func load(from url: URL, options: LoadOptions) async throws(LoadError) -> Document {
        throw LoadError(.unreadableSource, "URL loading not yet available")
    }
}
