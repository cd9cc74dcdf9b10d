import Foundation
import Testing
@testable import DocTree

/// Pins the entity behaviour: internal entities expand within a budget of
/// `LoadOptions.maxEntityExpansion` bytes of replacement text; undeclared
/// ones fail with `entityNotAllowed`; external ones are left out (or fail
/// with `LoadOptions.rejectsExternalEntities`); nothing is ever fetched.
@Suite struct XMLEntityTests {
    @Test func internalEntityExpands() throws {
        let xml = """
            <!DOCTYPE doc [
              <!ENTITY company "Acme &#38;#38; Co">
            ]>
            <doc>&company;</doc>
            """
        #expect(try loadXML(xml).root.string == "Acme & Co")
    }

    @Test func parameterEntityCanDeclareAGeneralEntity() throws {
        let xml = """
            <!DOCTYPE doc [
              <!ENTITY % decl "<!ENTITY greeting 'hello'>">
              %decl;
            ]>
            <doc>&greeting;</doc>
            """
        #expect(try loadXML(xml).root.string == "hello")
    }

    @Test func nestedEntitiesExpandInContentAndAttributes() throws {
        let xml = """
            <!DOCTYPE doc [<!ENTITY a "x"><!ENTITY b "&a;&a;"><!ENTITY c "&b;-&b;">]>
            <doc v="&c;">&c;</doc>
            """
        let root = try loadXML(xml).root
        #expect(root.string == "xx-xx")
        #expect(root.attribute(named: "v")?.string == "xx-xx")
    }

    struct BudgetCase: Sendable, CustomTestStringConvertible {
        let budget: Int
        let loads: Bool
        var testDescription: String { "budget \(budget)" }
    }

    /// Two references to a six-byte entity cost twelve bytes.
    @Test(arguments: [
        BudgetCase(budget: 12, loads: true),
        BudgetCase(budget: 11, loads: false),
        BudgetCase(budget: 0, loads: false),
    ])
    func budgetCountsReplacementText(_ row: BudgetCase) throws {
        let xml = "<!DOCTYPE d [<!ENTITY e \"abcdef\">]>\n<d>&e;\n&e;</d>"
        let options = LoadOptions(format: .xml, maxEntityExpansion: row.budget)
        if row.loads {
            #expect(try loadXML(xml, options).root.string == "abcdef\nabcdef")
        } else {
            let error = try #require(loadError(xml, options))
            #expect(error.kind == .entityNotAllowed)
            #expect(error.message.contains("maxEntityExpansion"))
            #expect(error.location?.line == (row.budget == 0 ? 2 : 3))
        }
    }

    @Test func billionLaughsFailsQuickly() throws {
        var lines = ["<!DOCTYPE lolz [", "<!ENTITY lol \"lol\">"]
        var previous = "lol"
        for level in 1...9 {
            lines.append("<!ENTITY lol\(level) \"\(String(repeating: "&\(previous);", count: 10))\">")
            previous = "lol\(level)"
        }
        lines += ["]>", "<lolz>&lol9;</lolz>"]
        let error = try #require(loadError(lines.joined(separator: "\n")))
        #expect(error.kind == .entityNotAllowed)
        #expect(error.location?.line == 13)
    }

    @Test func quadraticBlowUpFailsAtTheBudget() throws {
        let entity = String(repeating: "x", count: 50_000)
        let xml = "<!DOCTYPE k [<!ENTITY a \"\(entity)\">]>\n<k>" + String(repeating: "&a;", count: 10_000) + "</k>"
        let error = try #require(loadError(xml))
        #expect(error.kind == .entityNotAllowed)
        // 1 000 000 / 50 000 = 20 references fit; the 21st fails.
        #expect(error.location?.column == 4 + 21 * 3)
    }

    @Test func attributeEntitiesCountAgainstTheBudget() throws {
        let entity = String(repeating: "y", count: 600)
        let xml = "<!DOCTYPE k [<!ENTITY a \"\(entity)\">]><k v=\"&a;&a;\"/>"
        let error = try #require(loadError(xml, LoadOptions(format: .xml, maxEntityExpansion: 1000)))
        #expect(error.kind == .entityNotAllowed)
    }

    struct RefusedCase: Sendable, CustomTestStringConvertible {
        let id: String
        let xml: String
        let says: String
        var rejectsExternal = false
        var testDescription: String { id }
    }

    @Test(arguments: [
        RefusedCase(id: "external file entity",
                    xml: "<!DOCTYPE d [<!ENTITY x SYSTEM \"file:///etc/passwd\">]><d>&x;</d>", says: "external",
                    rejectsExternal: true),
        RefusedCase(id: "external http entity",
                    xml: "<!DOCTYPE d [<!ENTITY x SYSTEM \"http://127.0.0.1:9/x\">]><d>&x;</d>", says: "external",
                    rejectsExternal: true),
        RefusedCase(id: "undeclared entity, no DTD", xml: "<d>&nbsp;</d>", says: "not declared"),
        RefusedCase(id: "undeclared entity an external DTD might declare",
                    xml: "<!DOCTYPE d SYSTEM \"http://127.0.0.1:9/d.dtd\"><d>&nbsp;</d>", says: "not declared"),
        RefusedCase(id: "undeclared entity in an attribute", xml: "<d a=\"&nbsp;\"/>", says: "nbsp"),
    ])
    func externalAndUndeclaredEntitiesAreRefused(_ row: RefusedCase) throws {
        var options = LoadOptions(format: .xml)
        options.rejectsExternalEntities = row.rejectsExternal
        let error = try #require(loadError(row.xml, options))
        #expect(error.kind == .entityNotAllowed)
        #expect(error.message.contains(row.says), "\(error.message)")
        #expect(error.location != nil)
    }

    @Test(arguments: ["file:///etc/passwd", "http://127.0.0.1:9/x"])
    func externalEntitiesAreLeftOutByDefault(_ systemID: String) throws {
        let document = try loadXML("<!DOCTYPE d [<!ENTITY x SYSTEM \"\(systemID)\">]><d>(&x;)</d>")
        #expect(document.root.string == "()")
        #expect(document.skippedEntities.map(\.systemID) == [systemID])
    }

    @Test func externalDTDsAreNotReadButTheDocumentLoads() throws {
        let xml = """
            <!DOCTYPE doc SYSTEM "file:///etc/passwd" [
              <!ENTITY % ext SYSTEM "file:///etc/passwd">
              %ext;
            ]>
            <doc>ok</doc>
            """
        let document = try loadXML(xml)
        #expect(document.root.string == "ok")
        #expect(!String(decoding: document.table.text, as: UTF8.self).contains("root:"))
    }
}
