// ConfigFiles: edits two hand-written configuration files in place with
// DocumentEditor, as a release script or a setup tool would: a Maven
// pom.xml with comments and a root tag whose attributes span several lines,
// and an editor's settings.json indented with four spaces.
//
//   swift run ConfigFiles [DIRECTORY]
//
// The sample files (samples/) are copied into DIRECTORY (default: a new
// temporary folder) and edited there, so the samples stay as they are. Each
// file is read, changed by key path and written back; only the edited values
// differ, so the summary printed for each file is a handful of lines.

import DocQuery
import Foundation

let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("samples")
let folder = CommandLine.arguments.count > 1
    ? URL(fileURLWithPath: CommandLine.arguments[1])
    : FileManager.default.temporaryDirectory.appendingPathComponent("ConfigFiles-\(UUID().uuidString)")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)

/// Copies the sample `name` into `folder`, applies `edits` to the copy in
/// place, and prints the lines that changed, numbered as in each version.
func edit(_ name: String, _ edits: [Edit]) throws {
    let file = folder.appendingPathComponent(name)
    if FileManager.default.fileExists(atPath: file.path) { try FileManager.default.removeItem(at: file) }
    try FileManager.default.copyItem(at: samples.appendingPathComponent(name), to: file)

    let before = try Data(contentsOf: file)
    var editor = try DocumentEditor(contentsOf: file)
    try editor.apply(edits)
    try editor.data.write(to: file, options: .atomic)

    let old = String(decoding: before, as: UTF8.self).components(separatedBy: "\n")
    let new = String(decoding: editor.data, as: UTF8.self).components(separatedBy: "\n")
    let changes = new.difference(from: old)
    print("== \(name): \(edits.count) edits, \(changes.removals.count) lines out, \(changes.insertions.count) in, "
        + "\(old.count - changes.removals.count) of \(old.count) kept byte for byte")
    for change in changes.removals {
        if case .remove(let offset, let line, _) = change { print(String(format: "-%4d ", offset + 1) + line) }
    }
    for change in changes.insertions {
        if case .insert(let offset, let line, _) = change { print(String(format: "+%4d ", offset + 1) + line) }
    }
}

// The release: a new version, a dependency bumped (picked by a filter, not
// by position), the tests turned back on, and a <packaging> element added
// before <version>, on its own line with its siblings' indentation. The
// comments, the declaration and the root tag's
// attributes over four lines are not touched.
try edit("pom.xml", [
    .set("version", to: "1.5.0"),
    .set("dependencies.dependency[?artifactId == 'jackson-databind'].version", to: "2.17.1"),
    .set("build.plugins.plugin[?artifactId == 'maven-surefire-plugin'].configuration.skipTests", to: "false"),
    .insert("jar", before: "version", key: "packaging"),
])

// Settings: keys with dots are quoted in the path. A changed value keeps its
// place; a new member follows its neighbours' four-space indentation.
try edit("settings.json", [
    .set(#""editor.fontSize""#, to: 14),
    .set(#""telemetry.telemetryLevel""#, to: "off"),
    .set(#""files.exclude"."**/node_modules""#, to: true),
    .remove(#""editor.rulers""#),
])
print("edited copies in \(folder.path)")
