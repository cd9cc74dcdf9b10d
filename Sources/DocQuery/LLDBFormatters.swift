/// What LLDB shows for `Match`, `QueryResult`, `DocumentEditor`, `Edit`,
/// `EditValue` and `PathQuery` in the REPL, Xcode's variable view and `p`:
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
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
) = (
    1, 71, 15, 68, 111, 99, 81, 117, 101, 114, 121, 46, 77, 97, 116, 99, 104, 0, 9, 0, 52, 34, 50, 77, 97, 116,
    99, 104, 32, 40, 112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115,
    104, 111, 119, 115, 32, 105, 116, 115, 32, 112, 97, 116, 104, 32, 97, 110, 100, 32, 118, 97, 108, 117, 101,
    41, 1, 75, 21, 68, 111, 99, 81, 117, 101, 114, 121, 46, 81, 117, 101, 114, 121, 82, 101, 115, 117, 108, 116,
    0, 9, 0, 50, 34, 48, 81, 117, 101, 114, 121, 82, 101, 115, 117, 108, 116, 32, 40, 112, 114, 105, 110, 116,
    44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115, 104, 111, 119, 115, 32, 105, 116, 115, 32,
    118, 97, 108, 117, 101, 115, 41, 1, 89, 24, 68, 111, 99, 81, 117, 101, 114, 121, 46, 68, 111, 99, 117, 109,
    101, 110, 116, 69, 100, 105, 116, 111, 114, 0, 9, 0, 61, 34, 59, 68, 111, 99, 117, 109, 101, 110, 116, 69,
    100, 105, 116, 111, 114, 32, 40, 112, 114, 105, 110, 116, 32, 115, 104, 111, 119, 115, 32, 105, 116, 115,
    32, 116, 101, 120, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 105, 116, 115, 32, 108,
    105, 110, 101, 115, 41, 1, 30, 14, 68, 111, 99, 81, 117, 101, 114, 121, 46, 69, 100, 105, 116, 0, 9, 0, 12,
    34, 4, 112, 97, 116, 104, 35, 18, 96, 35, 0, 96, 1, 71, 19, 68, 111, 99, 81, 117, 101, 114, 121, 46, 69,
    100, 105, 116, 86, 97, 108, 117, 101, 0, 9, 0, 48, 34, 46, 69, 100, 105, 116, 86, 97, 108, 117, 101, 32, 40,
    112, 114, 105, 110, 116, 44, 32, 100, 117, 109, 112, 32, 111, 114, 32, 112, 111, 32, 115, 104, 111, 119,
    115, 32, 105, 116, 32, 97, 115, 32, 74, 83, 79, 78, 41, 1, 42, 19, 68, 111, 99, 81, 117, 101, 114, 121, 46,
    80, 97, 116, 104, 81, 117, 101, 114, 121, 0, 9, 0, 19, 34, 11, 100, 101, 115, 99, 114, 105, 112, 116, 105,
    111, 110, 35, 18, 96, 35, 0, 96
)
