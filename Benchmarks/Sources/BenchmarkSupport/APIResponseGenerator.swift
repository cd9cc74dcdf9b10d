import Foundation

/// Writes large, realistic API responses (JSON and an XML twin) of a given
/// size, the same bytes on every run and machine.
///
/// The shape is that of a Korean public-data API page: a `header` with a
/// result code, then `body.items.item`, a list of places repeated until the
/// size is reached, then `totalCount`. Each item mixes Korean and ASCII text,
/// integers, decimals, booleans, `null`, a nested object, arrays, and now
/// and then a string with escapes (quotes, a newline, `&`, `<`).
///
/// ```
/// {"response":{"header":{"resultCode":"00",…},"body":{"items":{"item":[
/// {"id":100001,"name":"한빛 약국 강남점",…},
/// …]},"totalCount":8123}}}
/// ```
///
/// Documents are written once into a cache folder and reused (they are never
/// committed): `DOCQ_BENCH_CACHE`, else `$TMPDIR/docquery-bench`.
public enum APIResponseGenerator {
    /// Bumped whenever the output changes, so stale cached files are not reused.
    public static let version = 2

    /// `generated-50MB.json`.
    public static func fileName(format: InputFormat, megabytes: Int) -> String {
        "generated-\(megabytes)MB.\(format.rawValue)"
    }

    /// The folder holding generated documents.
    public static var cacheFolder: URL {
        let base: URL
        if let path = ProcessInfo.processInfo.environment["DOCQ_BENCH_CACHE"], !path.isEmpty {
            base = URL(fileURLWithPath: path)
        } else {
            base = FileManager.default.temporaryDirectory.appendingPathComponent("docquery-bench")
        }
        return base.appendingPathComponent("v\(version)")
    }

    /// The cached document of this format and size, written first if missing.
    public static func cachedFile(format: InputFormat, megabytes: Int) throws -> URL {
        let folder = cacheFolder
        let url = folder.appendingPathComponent(fileName(format: format, megabytes: megabytes))
        let target = megabytes * 1_000_000
        if let size = (try? FileManager.default.attributesOfItem(atPath: url.path))?[.size] as? Int,
            size >= target, size < target + 100_000
        {
            return url
        }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let partial = folder.appendingPathComponent(".\(url.lastPathComponent).\(getpid()).partial")
        try write(format: format, bytes: target, to: partial)
        _ = try? FileManager.default.removeItem(at: url)
        try FileManager.default.moveItem(at: partial, to: url)
        return url
    }

    /// Writes a document of at least `bytes` bytes (and at most one item more).
    public static func write(format: InputFormat, bytes target: Int, to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        let handle = try FileHandle(forWritingTo: url)
        defer { try? handle.close() }
        var writer = Writer(format: format)
        var written = 0
        writer.begin()
        let footerReserve = 256
        while written + writer.buffer.count + footerReserve < target {
            writer.item()
            if writer.buffer.count >= 1 << 20 {
                try handle.write(contentsOf: writer.buffer)
                written += writer.buffer.count
                writer.buffer.removeAll(keepingCapacity: true)
            }
        }
        writer.end()
        try handle.write(contentsOf: writer.buffer)
    }

    /// A whole document in memory (for small sizes and tests).
    public static func document(format: InputFormat, bytes target: Int) -> [UInt8] {
        var writer = Writer(format: format)
        writer.begin()
        while writer.buffer.count + 256 < target { writer.item() }
        writer.end()
        return writer.buffer
    }
}

// MARK: - Content

/// SplitMix64: small, fast and the same everywhere.
private struct SplitMix64 {
    var state: UInt64

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

private enum Vocabulary {
    static let regions: [(sido: String, sigungu: [String])] = [
        ("서울특별시", ["강남구", "종로구", "마포구", "송파구", "영등포구", "성동구"]),
        ("부산광역시", ["해운대구", "수영구", "부산진구", "동래구"]),
        ("대구광역시", ["중구", "수성구", "달서구"]),
        ("인천광역시", ["연수구", "남동구", "부평구"]),
        ("광주광역시", ["동구", "서구", "북구"]),
        ("대전광역시", ["유성구", "서구", "중구"]),
        ("경기도", ["수원시 영통구", "성남시 분당구", "고양시 일산동구", "용인시 수지구"]),
        ("제주특별자치도", ["제주시", "서귀포시"]),
    ]
    static let roads = ["테헤란로", "세종대로", "중앙로", "해운대로", "동성로", "구월로", "금남로", "대학로", "판교역로", "연북로"]
    static let nameHeads = ["한빛", "푸른", "하늘", "새봄", "우리", "온누리", "행복한", "바른", "다온", "미소"]
    static let categories = [
        ("약국", "약국"), ("음식점", "식당"), ("카페", "커피"), ("병원", "의원"),
        ("도서관", "도서관"), ("주차장", "공영주차장"), ("영화관", "시네마"), ("공원", "공원"),
    ]
    static let branches = ["본점", "역점", "중앙점", "2호점", "시청점", "터미널점"]
    static let statuses = ["영업중", "휴업", "폐업", "영업중", "영업중"]
    static let tags = ["주차가능", "예약", "배달", "포장", "24시간", "무선인터넷", "반려동물", "장애인편의시설", "Wi-Fi", "EV charging"]
    static let areaCodes = ["02", "031", "032", "051", "053", "062", "042", "064", "010"]
    static let days = ["월", "화", "수", "목", "금", "토", "일"]
    static let sentences = [
        "주차 공간이 넓고 주말에도 운영합니다.",
        "예약은 전화로 문의해 주세요.",
        "지하철역에서 도보 5분 거리에 있습니다.",
        "Open daily 10:00-22:00; closed on public holidays.",
        "신용카드 및 모바일 결제 가능.",
        "점심시간(12:00~13:00)에는 대기 시간이 길 수 있습니다.",
        "English menu available.",
        "반려동물 동반 시 사전에 알려 주세요.",
    ]
    /// Now and then a description needs escaping in JSON and in XML.
    static let escapedSentences = [
        "\"오늘의 메뉴\" 안내 & 이벤트 <공지> 참고",
        "첫째 줄\n둘째 줄: 'quoted' text & more",
        "C:\\데이터\\menu.pdf 파일을 참고하세요.",
        "Tab\there, slash / and a \"quote\".",
    ]
}

/// One generated place.
private struct Item {
    var id: Int
    var name: String
    var category: String
    var status: String
    var sido: String
    var sigungu: String
    var road: String
    var zip: String
    var latitude: Int  // micro-degrees
    var longitude: Int
    var phone: String
    var rating: Int  // tenths
    var reviewCount: Int
    var open: Bool
    var parking: Bool
    var price: Int
    var tags: [String]
    var hours: [(day: String, open: String, close: String)]
    var updatedAt: String
    var description: String
    var homepage: String?

    init(id: Int, random: inout SplitMix64) {
        let region = random.pick(Vocabulary.regions)
        let category = random.pick(Vocabulary.categories)
        self.id = id
        sido = region.sido
        sigungu = random.pick(region.sigungu)
        name = "\(random.pick(Vocabulary.nameHeads)) \(category.1) \(sigungu.split(separator: " ").last ?? "")\(random.pick(Vocabulary.branches))"
        self.category = category.0
        status = random.pick(Vocabulary.statuses)
        road = "\(random.pick(Vocabulary.roads)) \(1 + random.below(400))"
        zip = String(10_000 + random.below(89_999))
        latitude = 33_100_000 + random.below(5_400_000)
        longitude = 126_100_000 + random.below(3_400_000)
        phone = "\(random.pick(Vocabulary.areaCodes))-\(100 + random.below(900))-\(1000 + random.below(9000))"
        rating = random.below(51)
        reviewCount = random.below(5000)
        open = random.chance(70)
        parking = random.chance(40)
        price = 1000 * (1 + random.below(80))
        tags = (0..<random.below(4)).map { _ in random.pick(Vocabulary.tags) }
        let openDays = 1 + random.below(7)
        hours = (0..<openDays).map { day in
            (Vocabulary.days[day], "0\(7 + random.below(3)):00", "\(18 + random.below(5)):30")
        }
        updatedAt = "20\(20 + random.below(6))-\(pad2(1 + random.below(12)))-\(pad2(1 + random.below(28)))T\(pad2(random.below(24))):\(pad2(random.below(60))):\(pad2(random.below(60)))+09:00"
        var text = random.pick(Vocabulary.sentences)
        if random.chance(50) { text += " " + random.pick(Vocabulary.sentences) }
        if random.chance(8) { text += " " + random.pick(Vocabulary.escapedSentences) }
        description = text
        homepage = random.chance(30) ? "https://example.kr/place/\(id)" : nil
    }
}

private func pad2(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }

// MARK: - Writing

private struct Writer {
    let format: InputFormat
    var buffer: [UInt8] = []
    var random = SplitMix64(state: 0x5EED_D0C0_0E17)
    var count = 0

    init(format: InputFormat) {
        self.format = format
        buffer.reserveCapacity(1 << 20 + 4096)
    }

    mutating func raw(_ text: String) { buffer.append(contentsOf: text.utf8) }

    mutating func decimal(_ micro: Int, places: Int) {
        let scale = places == 6 ? 1_000_000 : 10
        raw(String(micro / scale))
        buffer.append(UInt8(ascii: "."))
        let fraction = String(micro % scale)
        raw(String(repeating: "0", count: places - fraction.utf8.count) + fraction)
    }

    mutating func begin() {
        switch format {
        case .json:
            raw(#"{"response":{"header":{"resultCode":"00","resultMsg":"NORMAL SERVICE.","serviceName":"전국 생활편의시설 정보"},"body":{"pageNo":1,"items":{"item":["#)
        case .xml:
            raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<response>\n  <header>\n    <resultCode>00</resultCode>\n    <resultMsg>NORMAL SERVICE.</resultMsg>\n    <serviceName>전국 생활편의시설 정보</serviceName>\n  </header>\n  <body>\n    <pageNo>1</pageNo>\n    <items>")
        }
    }

    mutating func end() {
        switch format {
        case .json:
            raw("\n]},\"totalCount\":\(count)}}}\n")
        case .xml:
            raw("\n    </items>\n    <totalCount>\(count)</totalCount>\n  </body>\n</response>\n")
        }
    }

    mutating func item() {
        count += 1
        let item = Item(id: 100_000 + count, random: &random)
        switch format {
        case .json: json(item)
        case .xml: xml(item)
        }
    }

    // MARK: JSON

    mutating func jsonString(_ text: String) {
        buffer.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): raw("\\\"")
            case UInt8(ascii: "\\"): raw("\\\\")
            case UInt8(ascii: "\n"): raw("\\n")
            case UInt8(ascii: "\t"): raw("\\t")
            case UInt8(ascii: "/"): raw("\\/")
            default: buffer.append(byte)
            }
        }
        buffer.append(UInt8(ascii: "\""))
    }

    mutating func key(_ name: String) {
        buffer.append(UInt8(ascii: "\""))
        raw(name)
        raw("\":")
    }

    mutating func json(_ item: Item) {
        if count > 1 { buffer.append(UInt8(ascii: ",")) }
        raw("\n{")
        key("id"); raw(String(item.id))
        raw(","); key("name"); jsonString(item.name)
        raw(","); key("category"); jsonString(item.category)
        raw(","); key("status"); jsonString(item.status)
        raw(","); key("address"); raw("{")
        key("sido"); jsonString(item.sido)
        raw(","); key("sigungu"); jsonString(item.sigungu)
        raw(","); key("road"); jsonString(item.road)
        raw(","); key("zip"); jsonString(item.zip)
        raw("},"); key("location"); raw("{")
        key("lat"); decimal(item.latitude, places: 6)
        raw(","); key("lon"); decimal(item.longitude, places: 6)
        raw("},"); key("phone"); jsonString(item.phone)
        raw(","); key("rating"); decimal(item.rating, places: 1)
        raw(","); key("reviewCount"); raw(String(item.reviewCount))
        raw(","); key("open"); raw(item.open ? "true" : "false")
        raw(","); key("parking"); raw(item.parking ? "true" : "false")
        raw(","); key("price"); raw(String(item.price))
        raw(","); key("tags"); raw("[")
        for (index, tag) in item.tags.enumerated() {
            if index > 0 { raw(",") }
            jsonString(tag)
        }
        raw("],"); key("hours"); raw("[")
        for (index, hours) in item.hours.enumerated() {
            if index > 0 { raw(",") }
            raw("{"); key("day"); jsonString(hours.day)
            raw(","); key("open"); jsonString(hours.open)
            raw(","); key("close"); jsonString(hours.close)
            raw("}")
        }
        raw("],"); key("updatedAt"); jsonString(item.updatedAt)
        raw(","); key("description"); jsonString(item.description)
        raw(","); key("homepage")
        if let homepage = item.homepage { jsonString(homepage) } else { raw("null") }
        raw("}")
    }

    // MARK: XML

    mutating func xmlText(_ text: String, attribute: Bool = false) {
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "&"): raw("&amp;")
            case UInt8(ascii: "<"): raw("&lt;")
            case UInt8(ascii: ">"): raw("&gt;")
            case UInt8(ascii: "\"") where attribute: raw("&quot;")
            case UInt8(ascii: "\n") where attribute: raw("&#10;")
            default: buffer.append(byte)
            }
        }
    }

    mutating func element(_ name: String, _ text: String) {
        raw("<\(name)>")
        xmlText(text)
        raw("</\(name)>")
    }

    mutating func xml(_ item: Item) {
        raw("\n      <item id=\"\(item.id)\" category=\"")
        xmlText(item.category, attribute: true)
        raw("\">\n        ")
        element("name", item.name)
        element("status", item.status)
        raw("\n        <address zip=\"\(item.zip)\">")
        element("sido", item.sido)
        element("sigungu", item.sigungu)
        element("road", item.road)
        raw("</address>\n        <location lat=\"")
        decimal(item.latitude, places: 6)
        raw("\" lon=\"")
        decimal(item.longitude, places: 6)
        raw("\"/>\n        ")
        element("phone", item.phone)
        raw("<rating>"); decimal(item.rating, places: 1); raw("</rating>")
        element("reviewCount", String(item.reviewCount))
        element("open", item.open ? "true" : "false")
        element("parking", item.parking ? "true" : "false")
        element("price", String(item.price))
        raw("\n        <tags>")
        for tag in item.tags { element("tag", tag) }
        raw("</tags>\n        <hours>")
        for hours in item.hours {
            raw("<day name=\"\(hours.day)\" open=\"\(hours.open)\" close=\"\(hours.close)\"/>")
        }
        raw("</hours>\n        ")
        element("updatedAt", item.updatedAt)
        raw("\n        ")
        element("description", item.description)
        if let homepage = item.homepage { element("homepage", homepage) } else { raw("<homepage/>") }
        raw("\n      </item>")
    }
}
