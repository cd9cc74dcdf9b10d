import DocQuery

/// The path engine docq uses: DocQuery's. (Placeholder until DocQuery lands.)
struct DocQueryEngine: PathEngine {
    func compile(_ path: String) throws(PathFailure) -> any CompiledPath {
        throw PathFailure(message: "the path language is not available yet", path: path, range: nil)
    }
    func canonicalPath(of node: Node) -> String { "" }
    func pathStep(forKey key: String) -> String { key }
    var operatorNames: [String] { [] }
}
