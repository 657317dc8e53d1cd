import ContractModel
import WidgetSnapshot

/// A `TesteeView` as its canonical view line, written by the one canonical writer
/// (`DecodedView.canonicalJSON`), with the fields the reader does not implement left out.
///
/// The writer puts `,"meta":{"dayStr":`, `},"stale":` and `,"header":{"kind":` in that order,
/// and none of them can occur inside a string value (every `"` in one is written `\"`), so
/// cutting the line at their first occurrences removes exactly those fields. The fields a
/// later description adds (`display`, `projects`, `projectTitle`, `currentTask`, rows'
/// `doneOn`) are written by the writer itself in the description's order, and only those the
/// view answers: the tail after `header` is the complete line's minus revision 1's.
enum ViewLineWriter {
    static func bytes(id: String, view: TesteeView) -> [UInt8] {
        let parse: DecodedView.Parse
        var rowValues: [AddedValues] = []
        switch view.parse {
        case .tasks(let rows):
            parse = .tasks(rows)
            if view.rowsAnswerDoneOn { rowValues = rows.map { ["doneOn": .optionalInt($0.doneOn)] } }
        case .error(let reason):
            parse = .error(reason)
        }
        let revisionOne = DecodedView(id: id, parse: parse, meta: view.meta ?? .unknown, stale: view.stale ?? false,
                                      header: view.header ?? .today, addedRowValues: rowValues).canonicalJSON
        var complete = revisionOne
        complete.removeLast()
        let withAdded = DecodedView(id: id, parse: parse, meta: view.meta ?? .unknown, stale: view.stale ?? false,
                                    header: view.header ?? .today, added: added(view), addedRowValues: rowValues).canonicalJSON
        let addedTail = withAdded[complete.count..<(withAdded.count - 1)]
        if view.meta != nil, view.stale != nil, view.header != nil { return withAdded }
        let meta = firstIndex(of: #","meta":{"dayStr":"#, in: complete)
        let stale = firstIndex(of: #","stale":"#, in: complete, from: meta) // the `}` before it closes meta
        let header = firstIndex(of: #","header":{"kind":"#, in: complete, from: stale)
        var out = Array(complete[..<meta])
        if view.meta != nil { out += complete[meta..<stale] }
        if view.stale != nil { out += complete[stale..<header] }
        if view.header != nil { out += complete[header...] }
        out += addedTail
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// The top-level fields of later revisions the view answers, by their description names.
    private static func added(_ view: TesteeView) -> AddedValues {
        var added: AddedValues = [:]
        if let display = view.display { added["display"] = .display(display) }
        switch view.projects {
        case .list(let projects)?: added["projects"] = .projects(projects)
        case .error(let reason)?: added["projects"] = .error(reason)
        case nil: break
        }
        switch view.projectTitle {
        case .title(let title)?: added["projectTitle"] = .text(title)
        case .noTitle?: added["projectTitle"] = .null
        case .error(let reason)?: added["projectTitle"] = .error(reason)
        case nil: break
        }
        switch view.currentTask {
        case .tracking(let task)?: added["currentTask"] = .currentTask(task)
        case .notTracking?: added["currentTask"] = .null
        case nil: break
        }
        return added
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
