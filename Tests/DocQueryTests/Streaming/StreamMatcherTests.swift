import DocTree
import Testing
@testable import DocQuery

/// The path language's rules for streaming, as ``StreamMatcher`` answers
/// DocTree's drivers node by node.
@Suite struct StreamMatcherTests {
    static func key(_ name: String) -> StreamSelector.Step { .key(Array(name.utf8)) }

    /// The state of a JSON member `name` of an object in state `parent`,
    /// as a driver asks it: a key other than the one asked for is nothing.
    static func member(
        _ name: String, of parent: inout StreamNodeState, in matcher: StreamMatcher, isArray: Bool = false
    ) throws(StreamSelectorError) -> StreamNodeState {
        if case .applying(let k) = parent, let wanted = matcher.childNames[k], wanted != Array(name.utf8) { return .none }
        return try matcher.jsonChild(of: &parent, parentIsArray: false, isArray: isArray, isObject: false)
    }

    static func element(
        of parent: inout StreamNodeState, in matcher: StreamMatcher, isArray: Bool = false, isObject: Bool = false
    ) throws(StreamSelectorError) -> StreamNodeState {
        try matcher.jsonChild(of: &parent, parentIsArray: true, isArray: isArray, isObject: isObject)
    }

    @Test func aKeyOnAnArrayAppliesToItsElements() throws {
        let matcher = StreamMatcher(StreamSelector(steps: [Self.key("a"), Self.key("b")]))
        var root = try matcher.root(isArray: false)
        #expect(root == .applying(0))
        #expect(matcher.childNames == [Array("a".utf8), Array("b".utf8)])
        var array = try Self.member("a", of: &root, in: matcher, isArray: true)
        #expect(array == .applying(1))
        #expect(try Self.member("x", of: &root, in: matcher) == StreamNodeState.none)
        var object = try Self.element(of: &array, in: matcher, isObject: true)
        #expect(object == .applying(1))
        #expect(try Self.element(of: &array, in: matcher, isArray: true) == .applying(1))
        #expect(try Self.element(of: &array, in: matcher) == StreamNodeState.none)
        #expect(try Self.member("b", of: &object, in: matcher) == .candidate)
        #expect(try Self.member("c", of: &object, in: matcher) == StreamNodeState.none)
    }

    @Test func anIndexCountsTheElementsOfALoneArrayAndRefusesAValueAfterIt() throws {
        let matcher = StreamMatcher(StreamSelector(steps: [Self.key("a"), .positions(1..<2)]))
        var root = try matcher.root(isArray: false)
        var array = try Self.member("a", of: &root, in: matcher, isArray: true)
        #expect(array == .indexing(step: 1, seen: 0))
        #expect(try Self.element(of: &array, in: matcher) == StreamNodeState.none)
        #expect(try Self.element(of: &array, in: matcher) == .candidate)
        #expect(array == .indexing(step: 1, seen: 2))
        // A second `a` (a duplicate key): the index counted elements, not values.
        #expect(throws: StreamSelectorError.self) { try Self.member("a", of: &root, in: matcher) }

        // The next top-level value starts afresh; values that are no array are counted.
        root = try matcher.root(isArray: false)
        #expect(try Self.member("a", of: &root, in: matcher) == StreamNodeState.none)
        #expect(try Self.member("a", of: &root, in: matcher) == .candidate)
        #expect(try Self.member("a", of: &root, in: matcher) == StreamNodeState.none)
    }

    @Test func xmlChildrenAreAskedForTheNameOfAKeyAndAWildcardTakesNoAttribute() throws {
        let matcher = StreamMatcher(StreamSelector(steps: [.wildcard, Self.key("id")]))
        let root = try matcher.root(isArray: false)
        #expect(matcher.childNames == [nil, Array("id".utf8)])
        #expect(try matcher.xmlChild(of: root, isAttribute: true) == StreamNodeState.none)
        let child = try matcher.xmlChild(of: root, isAttribute: false)
        #expect(child == .applying(1))
        #expect(try matcher.xmlChild(of: child, isAttribute: true) == .candidate)
        #expect(try matcher.xmlChild(of: .none, isAttribute: false) == StreamNodeState.none)
    }

    @Test func onlyALoneArrayIsSpreadWhenLone() throws {
        let lone = StreamMatcher(StreamSelector(steps: [Self.key("a")], spreading: .whenLone))
        _ = try lone.root(isArray: false)
        #expect(try !lone.spreads(isArray: true, throughObjectsOnly: false))
        _ = try lone.root(isArray: false)
        #expect(try lone.spreads(isArray: true, throughObjectsOnly: true))
        #expect(throws: StreamSelectorError.self) { try lone.spreads(isArray: false, throughObjectsOnly: true) }
        // A value first: the array after it is no lone array, and is not spread.
        _ = try lone.root(isArray: false)
        #expect(try !lone.spreads(isArray: false, throughObjectsOnly: true))
        #expect(try !lone.spreads(isArray: true, throughObjectsOnly: true))

        let always = StreamMatcher(StreamSelector(steps: [Self.key("a")], spreading: .always))
        #expect(try always.spreads(isArray: true, throughObjectsOnly: false))
        #expect(try !always.spreads(isArray: false, throughObjectsOnly: false))
        let indexed = StreamMatcher(StreamSelector(steps: [Self.key("a"), .positions(0..<1)], spreading: .always))
        #expect(try !indexed.spreads(isArray: true, throughObjectsOnly: true))
        let never = StreamMatcher(StreamSelector(steps: [Self.key("a")]))
        #expect(try !never.spreads(isArray: true, throughObjectsOnly: true))
    }
}
