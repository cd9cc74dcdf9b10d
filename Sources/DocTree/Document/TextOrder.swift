/// The one ordering of text: by Unicode code point.
///
/// UTF-8 keeps code point order byte for byte, so two UTF-8 spans compare
/// by their bytes. The key-path operators (`<`, `@min`, `@max`, streamed
/// folds) and JMESPath's comparisons and `sort`/`max`/`min` all order text
/// through it, as jmespath.py does (by code point, not by `String`'s
/// Unicode canonical ordering).
package enum TextOrder {
    /// -1, 0 or 1 as `a` orders before, with or after `b`.
    package static func compare(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let common = min(a.count, b.count)
        var i = 0
        while i < common {
            let x = a[i], y = b[i]
            if x != y { return x < y ? -1 : 1 }
            i &+= 1
        }
        return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
    }

    /// ``compare(_:_:)`` for text held in strings.
    package static func compare(_ a: String, _ b: String) -> Int {
        // In place when both are contiguous (native strings are), without
        // the copies `withUTF8` needs, which retain and release each string.
        let inPlace = a.utf8.withContiguousStorageIfAvailable { x in
            b.utf8.withContiguousStorageIfAvailable { y in compare(x, y) }
        }
        if let inPlace, let order = inPlace { return order }
        var a = a, b = b
        return a.withUTF8 { x in b.withUTF8 { y in compare(x, y) } }
    }
}
