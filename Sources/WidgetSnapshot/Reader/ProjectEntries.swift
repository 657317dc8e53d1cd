/// The `projects` array of revision 2 (CONTRACT.md §8), read off the tape: which entry a
/// selection names, and the `{id, title}` list a widget's configuration screen offers.
enum ProjectEntries {
    /// Every entry as an object (`getJSONObject(i)` on each one, so one entry that is not an
    /// object fails the whole question, wherever it stands).
    static func objects(_ reader: JSONTapeReader, projects: Int) throws(SnapshotParseError) -> [Int] {
        var objects: [Int] = []
        let end = reader.after(projects)
        var element = projects + 1
        while element < end {
            guard reader.kind(element) == .object else { throw .projectNotAnObject(index: objects.count) }
            objects.append(element)
            element = reader.after(element)
        }
        return objects
    }

    /// The first entry whose `optString("id")` (the text of `id`, `""` when absent) has the
    /// selection's exact bytes; every entry is checked to be an object first.
    static func selected(_ reader: JSONTapeReader, projects: Int, id selection: String) throws(SnapshotParseError) -> Int? {
        let entries = try objects(reader, projects: projects)
        var selectionBytes = Array(selection.utf8)
        return selectionBytes.withUnsafeMutableBufferPointer { selection in
            let selection = UnsafeBufferPointer(selection)
            return entries.first { entry in
                guard let id = member(reader, entry, "id") else { return selection.isEmpty }
                return reader.withTextBytes(id) { JSONTapeReader.equal($0, selection) }
            }
        }
    }

    /// `{id, title}` of every entry, both read with `getString` (absent: the question fails).
    static func list(_ reader: JSONTapeReader, projects: Int) throws(SnapshotParseError) -> [WidgetProject] {
        var list: [WidgetProject] = []
        for (index, entry) in try objects(reader, projects: projects).enumerated() {
            guard let id = member(reader, entry, "id") else { throw .projectMissingField(index: index, field: "id") }
            guard let title = member(reader, entry, "title") else { throw .projectMissingField(index: index, field: "title") }
            list.append(WidgetProject(id: reader.text(id), title: reader.text(title)))
        }
        return list
    }

    /// The last member of `object` named `name`.
    static func member(_ reader: JSONTapeReader, _ object: Int, _ name: StaticString) -> Int? {
        reader.member(of: object, named: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
    }
}
