import DocQuery

/// The ``PathEngine`` docq uses: DocQuery's path language. This is the only
/// file that reads DocQuery's result types (`QueryResult`, `Match`,
/// `Explanation`, `QueryError`) and turns them into docq's.
struct DocQueryEngine: PathEngine {
    func compile(_ path: String) throws(PathFailure) -> any CompiledPath {
        do {
            return Compiled(query: try PathQuery(path))
        } catch {
            throw Self.failure(error)
        }
    }

    func canonicalPath(of node: Node) -> String {
        guard let path = PathQuery.canonicalPath(of: node), path != "." else { return "" }
        return path
    }

    func pathStep(forKey key: String) -> String {
        PathQuery.quotedKey(key)
    }

    var operatorNames: [String] {
        CollectionOperator.allCases.map(\.rawValue)
    }

    static func failure(_ error: QueryError) -> PathFailure {
        PathFailure(message: error.message, path: error.path, range: error.range)
    }

    /// A compiled `PathQuery`.
    struct Compiled: CompiledPath {
        let query: PathQuery

        func evaluate(from node: Node) throws(PathFailure) -> Evaluation {
            let result: QueryResult
            do {
                result = try query.evaluate(on: node)
            } catch {
                throw DocQueryEngine.failure(error)
            }
            var values: [ResultValue] = []
            // docq prints what the path selected: a lone JSON array is one value.
            let matches = result.matchesAsSelected
            values.reserveCapacity(matches.count)
            for match in matches {
                switch match.value {
                case .node(let node): values.append(.node(node))
                case .string(let text): values.append(.string(text))
                case .number(let text): values.append(.number(text))
                }
            }
            let miss = result.explanation.map { explanation in
                Miss(
                    path: explanation.path,
                    range: explanation.failedRange,
                    reason: explanation.error?.message ?? explanation.reason,
                    suggestion: explanation.suggestion,
                    elsewhere: explanation.elsewhere,
                    availableKeys: explanation.availableKeys.map(\.description))
            }
            return Evaluation(values: values, paths: { result.pathsAsSelected }, miss: miss)
        }
    }
}
