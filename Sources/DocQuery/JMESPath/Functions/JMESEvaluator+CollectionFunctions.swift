/// JMESPath Community's functions over arrays and objects: `group_by`
/// (JEP 18), `items`, `from_items` and `zip` (JEP 13).
extension JMESEvaluator {
    func callCollectionFunction(_ call: JMESCall) throws(QueryError) -> JMESValue {
        switch call.function {
        case .groupBy:
            let elements = try call.array(0)
            let key = try call.reference(1)
            var groups: [[JMESValue]] = []
            var order: [String] = []
            var groupOfKey: [String: Int] = [:]
            for element in elements {
                guard type(of: element) == .object else { throw call.invalidType(0, "array of objects") }
                let value = try evaluate(key, element)
                if isNull(value) { continue }  // no key: left out
                guard let name = string(value) else {
                    throw evaluatorError(call, "the key expression must give strings (or null), got \(type(of: value).rawValue)")
                }
                if let group = groupOfKey[name] {
                    groups[group].append(element)
                } else {
                    groupOfKey[name] = groups.count
                    order.append(name)
                    groups.append([element])
                }
            }
            var object = JMESObject()
            for (name, members) in zip(order, groups) { object.append(name, .array(members)) }
            return .object(object)
        case .items:
            guard type(of: call.arguments[0]) == .object else { throw call.invalidType(0, "object") }
            var pairs: [JMESValue] = []
            _ = try forEachMember(call.arguments[0]) { (key: JMESKey, value: JMESValue) throws(QueryError) in
                pairs.append(.array([.string(text(of: key)), value]))
            }
            return .array(pairs)
        case .fromItems:
            var object = JMESObject()
            for pair in try call.array(0) {
                guard let parts = elements(pair), parts.count == 2, let key = string(parts[0]) else {
                    throw call.invalidType(0, "array of [key, value] pairs with string keys")
                }
                object[key] = parts[1]
            }
            return .object(object)
        case .zip:
            var arrays: [[JMESValue]] = []
            for position in call.arguments.indices { arrays.append(try call.array(position)) }
            let length = arrays.map(\.count).min() ?? 0
            return .array((0..<length).map { index in .array(arrays.map { $0[index] }) })
        default:
            preconditionFailure("\(call.function.rawValue)() is not a collection function")
        }
    }

    private func evaluatorError(_ call: JMESCall, _ message: String) -> QueryError {
        error(.invalidType, "\(call.function.rawValue)(): \(message)", call.range)
    }
}
