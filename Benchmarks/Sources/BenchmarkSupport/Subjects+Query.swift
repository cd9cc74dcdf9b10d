import CLibXML2SAXCeiling
import CSimdjsonCeiling
import DocQuery
import DocTree
import Foundation
import SWXMLHash

#if canImport(FoundationXML)
import FoundationXML
#endif

extension Subjects {
    /// The JSON query: every `statuses[*].user.screen_name` of twitter.json,
    /// on a document loaded beforehand (loading is not timed).
    public static let jsonQueryPath = "statuses[*].user.screen_name"
    /// The XML query: every node id of map.osm (`node.id`: the root element `osm` is implicit).
    public static let xmlQueryPath = "node.id"

    public static let jsonQuery: [Subject] = [
        compiledPathSubject("statuses.user.screen_name", format: .json, input: "twitter.json"),
        Subject(
            name: "DocTree walk", operation: "query", format: .json, role: .ours,
            summary: "Node.children(named:) walk to every statuses[*].user.screen_name",
            onlyInput: "twitter.json"
        ) { _, data in
            let document = try Document(data: data)
            return Workload {
                var names: [Node] = []
                if let statuses = document.root.children(named: "statuses").first {
                    for status in statuses.contents {
                        if let user = status.children(named: "user").first,
                            let name = user.children(named: "screen_name").first
                        {
                            names.append(name)
                        }
                    }
                }
                return Output(count: names.count, value: names)
            }
        },
        Subject(
            name: "JSONSerialization walk", operation: "query", format: .json, role: .peer,
            summary: "casts through [String: Any] from JSONSerialization", onlyInput: "twitter.json"
        ) { _, data in
            let object = try JSONSerialization.jsonObject(with: data)
            return Workload {
                var names: [String] = []
                if let root = object as? [String: Any], let statuses = root["statuses"] as? [Any] {
                    for status in statuses {
                        if let user = (status as? [String: Any])?["user"] as? [String: Any],
                            let name = user["screen_name"] as? String
                        {
                            names.append(name)
                        }
                    }
                }
                return Output(count: names.count, value: names)
            }
        },
        Subject(
            name: "Swift enum walk", operation: "query", format: .json, role: .peer,
            summary: "pattern matching over the JSONValue enum from JSONDecoder", onlyInput: "twitter.json"
        ) { _, data in
            let value = try JSONDecoder().decode(JSONValue.self, from: data)
            return Workload {
                var names: [String] = []
                for status in value["statuses"]?.arrayValue ?? [] {
                    if let name = status["user"]?["screen_name"]?.stringValue { names.append(name) }
                }
                return Output(count: names.count, value: names)
            }
        },
        Subject(
            name: "simdjson walk", operation: "query", format: .json, role: .ceiling,
            summary: "C++ walk over simdjson's DOM", onlyInput: "twitter.json"
        ) { _, data in
            let buffer = PaddedBuffer(data)
            let parser = try SimdjsonParser()
            try parser.parse(buffer)
            return Workload {
                var bytes = 0
                let count = simdjson_ceiling_screen_names(parser.handle, &bytes)
                return Output(count: count, value: bytes)
            }
        },
    ]

    public static let xmlQuery: [Subject] = [
        compiledPathSubject("node.id", format: .xml, input: "map.osm"),
        Subject(
            name: "DocTree walk", operation: "query", format: .xml, role: .ours,
            summary: "Node.children(named:) + attribute(named:) over every node element",
            onlyInput: "map.osm"
        ) { _, data in
            let document = try Document(data: data)
            return Workload {
                var ids: [Node] = []
                for node in document.root.children(named: "node") {
                    if let id = node.attribute(named: "id") { ids.append(id) }
                }
                return Output(count: ids.count, value: ids)
            }
        },
        Subject(
            name: "XMLDocument", operation: "query", format: .xml, role: .peer,
            summary: "rootElement().elements(forName:) + attribute(forName:)", onlyInput: "map.osm"
        ) { _, data in
            let document = try XMLDocument(data: data, options: [])
            return Workload {
                var ids: [String] = []
                for element in document.rootElement()?.elements(forName: "node") ?? [] {
                    if let id = element.attribute(forName: "id")?.stringValue { ids.append(id) }
                }
                return Output(count: ids.count, value: ids)
            }
        },
        Subject(
            name: "SWXMLHash", operation: "query", format: .xml, role: .peer,
            summary: #"xml["osm"]["node"].all + attribute(by: "id")"#, onlyInput: "map.osm"
        ) { _, data in
            let indexer = try SWXMLHashPeer.parse(data)
            return Workload {
                var ids: [String] = []
                for node in indexer["osm"]["node"].all {
                    if let id = node.element?.attribute(by: "id")?.text { ids.append(id) }
                }
                return Output(count: ids.count, value: ids)
            }
        },
        Subject(
            name: "libxml2 DOM walk", operation: "query", format: .xml, role: .ceiling,
            summary: "C walk over the root's children and their properties", onlyInput: "map.osm"
        ) { _, data in
            let document = try LibXML2Document(data)
            return Workload {
                var bytes = 0
                let count = libxml2_dom_child_attribute_walk(document.handle, "node", "id", &bytes)
                return Output(count: count, value: bytes)
            }
        },
    ]

    /// DocQuery's subject for one query: `path` compiled once as a
    /// `PathQuery`, then evaluated on the loaded document every iteration.
    static func compiledPathSubject(_ path: String, format: InputFormat, input: String) -> Subject {
        Subject(
            name: "DocQuery", operation: "query", format: format, role: .ours,
            summary: "PathQuery(\"\(path)\"), compiled once, evaluate(on:)", onlyInput: input
        ) { _, data in
            let document = try Document(data: data)
            let query = try PathQuery(path)
            return Workload {
                let result = try query.evaluate(on: document)
                return Output(count: result.count, value: result)
            }
        }
    }
}
