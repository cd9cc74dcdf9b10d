/// How the query command prints the values it matched.
enum OutputFormat: Sendable, Equatable {
    /// One line per value: strings raw, numbers as written, containers as
    /// compact JSON (``ValueFormatter``); the default.
    case lines
    /// `-j`: each document's values as one JSON array, one array a line;
    /// `pretty` indents it.
    case jsonArrays(pretty: Bool)
    /// `--pretty` alone: each value as indented JSON, as `jq .` prints it.
    case prettyJSON
    /// `--paths`: each leaf's canonical path, a tab, its value.
    case paths
    /// `--csv`: each matched array as one CSV row.
    case csv
    /// `--tsv`: each matched array as one row of tab-separated values.
    case tsv
    /// `--xml`: each matched XML element as XML, as written in the
    /// document; any other value as ``lines`` prints it.
    case xml

    /// Whether the output is JSON, which a `FILE:` prefix would break.
    var isJSON: Bool {
        switch self {
        case .jsonArrays, .prettyJSON: true
        case .lines, .paths, .csv, .tsv, .xml: false
        }
    }
}
