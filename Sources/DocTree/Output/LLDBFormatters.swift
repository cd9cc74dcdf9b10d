/// What LLDB shows for `Document` and `Node` in the REPL, Xcode's variable view and `p`:
/// a summary, their storage hidden. These are records of LLDB's embedded
/// formatters, which LLDB reads from this section when it loads the
/// library (the format is described at `DisplayTree`, "In LLDB");
/// `DisplayTests` rebuilds them from their parts and compares the bytes.
#if os(Linux)
@section(".lldbformatters")
#elseif canImport(Darwin)
@section("__TEXT,__lldbformatters")
#endif
@used
let lldbFormatters: (
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8
) = (
    1, 69, 17, 68, 111, 99, 84, 114, 101, 101, 46, 68, 111, 99, 117, 109, 101, 110, 116, 0, 9, 0, 48, 34, 46,
    68, 111, 99, 117, 109, 101, 110, 116, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111,
    114, 32, 112, 111, 32, 115, 104, 111, 119, 115, 32, 105, 116, 115, 32, 111, 117, 116, 108, 105, 110, 101,
    41, 1, 68, 13, 68, 111, 99, 84, 114, 101, 101, 46, 78, 111, 100, 101, 0, 9, 0, 51, 34, 49, 78, 111, 100,
    101, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115, 104,
    111, 119, 115, 32, 105, 116, 32, 97, 110, 100, 32, 105, 116, 115, 32, 111, 117, 116, 108, 105, 110, 101, 41
)
