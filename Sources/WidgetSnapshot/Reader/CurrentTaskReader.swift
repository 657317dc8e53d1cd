/// Revision 3's `currentTask` (CONTRACT.md §8.3), read off the tape with the app's own
/// accessors: `getString` for `id` and `title` (absent: no tracked task at all),
/// `optString("deviceLabel", "")`, `optBoolean("isLocal", false)`, `optLong("sinceTs", 0)`
/// kept only when positive, `focusCycle` none when absent or JSON null and else
/// `optInt("focusCycle")` (0 when unreadable), and `projectId` read like a task's.
enum CurrentTaskReader {
    static func read(_ reader: JSONTapeReader, currentTask: Int) -> WidgetCurrentTask? {
        guard reader.kind(currentTask) == .object else { return nil }
        var id: Int?, title: Int?, projectId: Int?, deviceLabel: Int?, isLocal: Int?, sinceTs: Int?, focusCycle: Int?
        reader.forEachMember(of: currentTask) { name, value in
            switch name.count {
            case 2 where JSONTapeReader.equal(name, "id"): id = value
            case 5 where JSONTapeReader.equal(name, "title"): title = value
            case 7 where JSONTapeReader.equal(name, "isLocal"): isLocal = value
            case 7 where JSONTapeReader.equal(name, "sinceTs"): sinceTs = value
            case 9 where JSONTapeReader.equal(name, "projectId"): projectId = value
            case 10 where JSONTapeReader.equal(name, "focusCycle"): focusCycle = value
            case 11 where JSONTapeReader.equal(name, "deviceLabel"): deviceLabel = value
            default: break
            }
        }
        guard let id, let title else { return nil }
        let since = sinceTs.flatMap(reader.int64).flatMap { $0 > 0 ? $0 : nil }
        var cycle: Int32?
        if let focusCycle, reader.kind(focusCycle) != .null { cycle = reader.int32(focusCycle) ?? 0 }
        var project: String?
        if let projectId, reader.kind(projectId) != .null { project = reader.text(projectId) }
        return WidgetCurrentTask(id: reader.text(id), title: reader.text(title), projectId: project,
                                 deviceLabel: deviceLabel.map(reader.text) ?? "",
                                 isLocal: isLocal.flatMap(reader.bool) ?? false, sinceTs: since, focusCycle: cycle)
    }
}
