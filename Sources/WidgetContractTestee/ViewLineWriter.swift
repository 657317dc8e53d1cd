import ContractModel
import WidgetSnapshot

/// A `TesteeView` as its canonical view line, written by the one canonical writer
/// (`DecodedView.canonicalJSON`), with the fields the reader does not implement left out.
///
/// The writer puts `,"meta":{"dayStr":`, `},"stale":`, `,"header":{"kind":` and (when the
/// reader answers the display question) `,"display":{"rows":` in that order,
/// and none of them can occur inside a string value (every `"` in one is written `\"`), so
/// cutting the line at their first occurrences removes exactly those fields.
enum ViewLineWriter {
    static func bytes(id: String, view: TesteeView) -> [UInt8] {
        let parse: DecodedView.Parse
        switch view.parse {
        case .tasks(let rows): parse = .tasks(rows)
        case .error(let reason): parse = .error(reason)
        }
        let added: [String: ViewValue] = view.display.map { ["display": .display($0)] } ?? [:]
        let full = DecodedView(id: id, parse: parse, meta: view.meta ?? .unknown, stale: view.stale ?? false,
                               header: view.header ?? .today, added: added).canonicalJSON
        if view.meta != nil, view.stale != nil, view.header != nil { return full }
        let meta = firstIndex(of: #","meta":{"dayStr":"#, in: full)
        let stale = firstIndex(of: #","stale":"#, in: full, from: meta) // the `}` before it closes meta
        let header = firstIndex(of: #","header":{"kind":"#, in: full, from: stale)
        let display = view.display == nil ? full.count - 1 : firstIndex(of: #","display":{"rows":"#, in: full, from: header)
        var out = Array(full[..<meta])
        if view.meta != nil { out += full[meta..<stale] }
        if view.stale != nil { out += full[stale..<header] }
        if view.header != nil { out += full[header..<display] }
        out += full[display..<(full.count - 1)]
        out.append(UInt8(ascii: "}"))
        return out
    }

    private static func firstIndex(of marker: String, in bytes: [UInt8], from start: Int = 0) -> Int {
        let needle = Array(marker.utf8)
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        preconditionFailure("the canonical writer always writes \(marker)")
    }
}
