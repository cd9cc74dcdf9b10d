extension QueryResult {
    /// Every match exactly as the path selected it, in order: a lone JSON
    /// array the path selected stays one match (the array node), whatever
    /// view of it the result's accessors give. `docq` prints these, so its
    /// output shows what the path selected.
    package var selectedMatches: [Match] {
        let resultPath = origin.joined.text
        return matchedItems.map { match($0, resultPath: resultPath) }
    }

    /// The canonical path of every match in ``selectedMatches``.
    package var selectedPaths: [String] { paths(of: matchedItems) }
}
