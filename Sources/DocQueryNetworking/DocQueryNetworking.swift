// DocQueryNetworking: loading documents from http(s) URLs with URLSession.
//
// It is a module of its own so that a program which loads files, strings or
// `Data` with DocTree or DocQuery links no FoundationNetworking, and on Linux
// no libcurl with its TLS, Kerberos and LDAP libraries. `import
// DocQueryNetworking` adds `Document.load(from:)` (a URL or a `URLRequest`)
// and `DocumentStream.load(from:)`; DocTree comes with it.
@_exported import DocTree
