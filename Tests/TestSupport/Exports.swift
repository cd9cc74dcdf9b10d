// The local HTTP server lives in ExampleSupport, where the runnable examples
// use it too; tests reach it through TestSupport as before.
@_exported import ExampleSupport
