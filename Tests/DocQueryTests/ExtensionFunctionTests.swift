@testable import DocQuery
import DocTree
import Testing

/// docq's extensions to both path languages (issue 30, item 5): a deep
/// merge, regular expressions, and bound objects such as `$ENV` read by
/// member in a key path's filters.
@Suite struct ExtensionFunctionTests {
    static let document = try! Document(string: """
        {"defaults": {"server": {"host": "localhost", "port": 80}, "debug": false},
         "config": {"server": {"port": 8080}, "name": "api"},
         "users": [{"name": "ada", "mail": "ada@example.org"}, {"name": "bob", "mail": "bob(at)example"}],
         "version": "1.4.2"}
        """)

    static func json(_ expression: String) throws -> String {
        try JMESPath(expression).jsonString(on: document)
    }

    @Test func deepMergeMergesNestedObjects() throws {
        #expect(try Self.json("deep_merge(defaults, config)")
            == #"{"server":{"host":"localhost","port":8080},"debug":false,"name":"api"}"#)
        // merge() stays shallow: the nested server object is replaced.
        #expect(try Self.json("merge(defaults, config).server") == #"{"port":8080}"#)
        #expect(try Self.json("deep_merge(`{\"a\": [1]}`, `{\"a\": [2]}`, `{\"b\": null}`)") == #"{"a":[2],"b":null}"#)
        #expect(throws: QueryError.self) { try Self.json("deep_merge(defaults, version)") }
    }

    @Test func regularExpressionsTestMatchAndReplace() throws {
        #expect(try Self.json("users[?regex_test(mail, '^[a-z]+@[a-z.]+$')].name") == #"["ada"]"#)
        #expect(try Self.json(#"regex_match(version, '(\d+)\.(\d+)\.(\d+)')"#) == #"["1.4.2","1","4","2"]"#)
        #expect(try Self.json("regex_match(version, 'x(y)?')") == "null")
        #expect(try Self.json("regex_match('ab', 'a(x)?b')") == #"["ab",null]"#)
        #expect(try Self.json(#"regex_replace(version, '(\d+)$', '[$1]')"#) == #""1.4.[2]""#)
        #expect(try Self.json("regex_replace('a.b.c', '\\.', '$$')") == #""a$b$c""#)
        // Code points, as length() counts them.
        #expect(try Self.json("regex_test('e\u{301}', '^..$')") == "true")
    }

    @Test func aBadPatternIsAClearError() throws {
        do {
            _ = try JMESPath("regex_test(version, '(')")
            Issue.record("'(' compiled")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.message.hasPrefix("regex_test() argument 2: '(' is not a regular expression"))
            #expect(error.range == 0..<24)
        }
        // A pattern computed per element fails when it is evaluated.
        #expect(throws: QueryError.self) { try Self.json("regex_test(version, join('', ['(']))") }
        do {
            _ = try PathQuery("users[?name =~ '[z']")
            Issue.record("'[z' compiled")
        } catch {
            #expect(error.kind == .invalidValue)
            #expect(error.range == 15..<19)
        }
        #expect(throws: QueryError.self) { try PathQuery("users[?name =~ 3]") }
    }

    @Test func keyPathFiltersMatchPatterns() throws {
        #expect(try Self.document.query("users[?mail =~ '@example[.]org$'].name").strings == ["ada"])
        #expect(try Self.document.query("users[?!(name =~ '^a')].name").strings == ["bob"])
        #expect(try Self.document.query("version[?. =~ '^1\\\\.']").strings == ["1.4.2"])
    }

    @Test func aBoundObjectIsReadByMemberInKeyPaths() throws {
        let environment = try Document(string: #"{"USER": "bob", "HOME": "/home/bob"}"#).root
        let query = try PathQuery("users[?name == $ENV.USER].mail", parameters: ["ENV": environment])
        #expect(try query.evaluate(on: Self.document).strings == ["bob(at)example"])
        let missing = try PathQuery("users[?name == $ENV.NOPE].mail", parameters: ["ENV": environment])
        #expect(try missing.evaluate(on: Self.document).isEmpty)
        let jmes = try JMESPath("users[?name == $ENV.USER].mail", parameters: ["ENV": environment])
        #expect(try jmes.jsonString(on: Self.document) == #"["bob(at)example"]"#)
    }
}
