#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension DatePattern {
    /// `date` spelled in this pattern, in local time of `timeZone` (its
    /// offset at that instant), so that ``date(_:timeZone:)`` reads it back;
    /// `nil` when the local year has not four digits. One-letter fields
    /// take as few digits as they need (`6` for `M`), as `DateFormatter`
    /// writes them; a fraction of n letters is the nearest n digits that
    /// stay within the second.
    package func text(of date: Date, timeZone: TimeZone) -> String? {
        let offset = timeZone.secondsFromGMT(for: date)
        let local = date.timeIntervalSince1970 + Double(offset)
        guard local.isFinite, abs(local) < 1e15 else { return nil }
        let whole = local.rounded(.down)
        let seconds = Int(whole)
        let secondOfDay = ((seconds % 86_400) + 86_400) % 86_400
        let (year, month, day) = DateText.civilDate(daysSince1970: (seconds - secondOfDay) / 86_400)
        guard (1...9999).contains(year) else { return nil }
        var out: [UInt8] = []
        func append(_ value: Int, width: Int) {
            let digits = String(value)
            out.append(contentsOf: repeatElement(UInt8(ascii: "0"), count: max(0, width - digits.utf8.count)))
            out.append(contentsOf: digits.utf8)
        }
        for part in parts {
            switch part {
            case .literal(let byte):
                out.append(byte)
            case .field(let field, let width, let exact):
                let minimum = exact ? width : 1
                switch field {
                case .year: append(year, width: 4)
                case .month: append(month, width: minimum)
                case .day: append(day, width: minimum)
                case .hour: append(secondOfDay / 3600, width: minimum)
                case .minute: append(secondOfDay / 60 % 60, width: minimum)
                case .second: append(secondOfDay % 60, width: minimum)
                case .fraction(let count):
                    var scale = 1
                    for _ in 0..<count { scale *= 10 }
                    append(min(Int(((local - whole) * Double(scale)).rounded()), scale - 1), width: count)
                case .zone(let allowsZ, let form):
                    if offset == 0, allowsZ {
                        out.append(UInt8(ascii: "Z"))
                        continue
                    }
                    out.append(UInt8(ascii: offset < 0 ? "-" : "+"))
                    let minutes = abs(offset) / 60
                    append(minutes / 60, width: 2)
                    if form == 3 { out.append(UInt8(ascii: ":")) }
                    if form >= 2 || minutes % 60 != 0 { append(minutes % 60, width: 2) }
                }
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
