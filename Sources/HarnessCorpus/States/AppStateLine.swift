/// Writes an app state as one line of the writer protocol (CONTRACT.md §7.1), keys in the
/// order the state fixtures write them, strings escaped as `JSON.stringify` escapes them:
/// `"`, `\`, controls below U+0020 (`\b \t \n \f \r`, else `\u00xx`), and each lone surrogate
/// as `\udxxx`; everything else raw UTF-8. Exists so generated states reach the writer end
/// byte for byte as the app's would, lone surrogates included.
package enum AppStateLine {
    package static func line(_ state: AppState) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(256 + state.tasks.count * 64)
        append("{\"id\":", to: &out)
        appendString(AppText(state.id), to: &out)
        if let note = state.note {
            append(",\"note\":", to: &out)
            appendString(AppText(note), to: &out)
        }
        append(",\"inApp\":", to: &out)
        append(state.inApp, to: &out)
        append(",\"revision\":", to: &out)
        append(Int64(state.revision), to: &out)
        append(",\"timeZone\":", to: &out)
        appendString(AppText(state.timeZone), to: &out)
        append(",\"todayStr\":", to: &out)
        appendString(state.todayStr, to: &out)
        append(",\"startOfNextDayDiffMs\":", to: &out)
        append(state.startOfNextDayDiffMs, to: &out)
        append(",\"todayTaskIds\":", to: &out)
        appendStrings(state.todayTaskIds, to: &out)
        append(",\"tasks\":[", to: &out)
        for (position, task) in state.tasks.enumerated() {
            openEntity(position: position, id: task.id, title: task.title, to: &out)
            append(",\"isDone\":", to: &out)
            append(task.isDone, to: &out)
            switch task.doneOn {
            case .absent: break
            case .null: append(",\"doneOn\":null", to: &out)
            case .value(let ms):
                append(",\"doneOn\":", to: &out)
                append(ms, to: &out)
            }
            switch task.projectId {
            case .absent: break
            case .null: append(",\"projectId\":null", to: &out)
            case .value(let id):
                append(",\"projectId\":", to: &out)
                appendString(id, to: &out)
            }
            out.append(UInt8(ascii: "}"))
        }
        append("],\"projects\":[", to: &out)
        for (position, project) in state.projects.enumerated() {
            openEntity(position: position, id: project.id, title: project.title, to: &out)
            append(",\"primary\":", to: &out)
            if let primary = project.primary { appendString(primary, to: &out) } else { append("null", to: &out) }
            append(",\"isArchived\":", to: &out)
            append(project.isArchived, to: &out)
            append(",\"isHiddenFromMenu\":", to: &out)
            append(project.isHiddenFromMenu, to: &out)
            append(",\"taskIds\":", to: &out)
            appendStrings(project.taskIds, to: &out)
            append(",\"backlogTaskIds\":", to: &out)
            appendStrings(project.backlogTaskIds, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(UInt8(ascii: "]"))
        if let tracking = state.tracking { appendTracking(tracking, to: &out) }
        out.append(UInt8(ascii: "}"))
        return out
    }

    /// `,"tracking":{"local":…,"remote":…}` (CONTRACT.md §7.1), keys in the schema's order.
    private static func appendTracking(_ tracking: AppState.Tracking, to out: inout [UInt8]) {
        /// `"sinceTs":…[,"focusCycle":…]`
        func session(_ session: AppState.Tracking.Session) {
            append("\"sinceTs\":", to: &out)
            append(session.sinceTs, to: &out)
            if let cycle = session.focusCycle {
                append(",\"focusCycle\":", to: &out)
                append(cycle, to: &out)
            }
        }
        append(",\"tracking\":{\"local\":", to: &out)
        if let local = tracking.local {
            append("{\"taskId\":", to: &out)
            appendString(local.taskId, to: &out)
            append(",\"deviceLabel\":", to: &out)
            appendString(local.deviceLabel, to: &out)
            append(",\"session\":", to: &out)
            if let given = local.session {
                out.append(UInt8(ascii: "{"))
                session(given)
                out.append(UInt8(ascii: "}"))
            } else {
                append("null", to: &out)
            }
            out.append(UInt8(ascii: "}"))
        } else {
            append("null", to: &out)
        }
        append(",\"remote\":", to: &out)
        if let remote = tracking.remote {
            append("{\"state\":", to: &out)
            append(remote.isTracking ? "\"tracking\"" : "\"stopped\"", to: &out)
            append(",\"isStale\":", to: &out)
            append(remote.isStale, to: &out)
            append(",\"taskId\":", to: &out)
            if let id = remote.taskId { appendString(id, to: &out) } else { append("null", to: &out) }
            append(",\"deviceLabel\":", to: &out)
            appendString(remote.deviceLabel, to: &out)
            out.append(UInt8(ascii: ","))
            session(remote.session)
            out.append(UInt8(ascii: "}"))
        } else {
            append("null", to: &out)
        }
        out.append(UInt8(ascii: "}"))
    }

    /// `,{"id":…,"title":…` (no comma before the first entity).
    private static func openEntity(position: Int, id: AppText, title: AppText, to out: inout [UInt8]) {
        if position > 0 { out.append(UInt8(ascii: ",")) }
        append("{\"id\":", to: &out)
        appendString(id, to: &out)
        append(",\"title\":", to: &out)
        appendString(title, to: &out)
    }

    private static func appendStrings(_ texts: [AppText], to out: inout [UInt8]) {
        out.append(UInt8(ascii: "["))
        for (position, text) in texts.enumerated() {
            if position > 0 { out.append(UInt8(ascii: ",")) }
            appendString(text, to: &out)
        }
        out.append(UInt8(ascii: "]"))
    }

    // The fixed pieces as static bytes and numbers as their digits: string interpolation
    // made a `String` per piece, most of writing a state line.
    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    private static func append(_ flag: Bool, to out: inout [UInt8]) { append(flag ? "true" : "false", to: &out) }

    private static func append(_ number: Int64, to out: inout [UInt8]) {
        if number < 0 { out.append(UInt8(ascii: "-")) }
        var magnitude = number.magnitude
        let start = out.count
        repeat {
            out.append(UInt8(ascii: "0") + UInt8(magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        out[start...].reverse()
    }

    private static let hex = Array("0123456789abcdef".utf8)

    /// One string literal, as `JSON.stringify` writes it.
    package static func appendString(_ text: AppText, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        let units = text.units
        var index = 0
        func escape(_ unit: UInt16) {
            out.append(UInt8(ascii: "\\"))
            out.append(UInt8(ascii: "u"))
            out.append(hex[Int(unit >> 12)])
            out.append(hex[Int(unit >> 8 & 0xF)])
            out.append(hex[Int(unit >> 4 & 0xF)])
            out.append(hex[Int(unit & 0xF)])
        }
        while index < units.count {
            let unit = units[index]
            index += 1
            switch unit {
            case 0x22: out += [UInt8(ascii: "\\"), UInt8(ascii: "\"")]
            case 0x5C: out += [UInt8(ascii: "\\"), UInt8(ascii: "\\")]
            case 0x08: out += [UInt8(ascii: "\\"), UInt8(ascii: "b")]
            case 0x09: out += [UInt8(ascii: "\\"), UInt8(ascii: "t")]
            case 0x0A: out += [UInt8(ascii: "\\"), UInt8(ascii: "n")]
            case 0x0C: out += [UInt8(ascii: "\\"), UInt8(ascii: "f")]
            case 0x0D: out += [UInt8(ascii: "\\"), UInt8(ascii: "r")]
            case 0..<0x20: escape(unit)
            case 0..<0x80: out.append(UInt8(unit))
            case 0..<0x800:
                out.append(UInt8(0xC0 | unit >> 6))
                out.append(UInt8(0x80 | unit & 0x3F))
            case 0xD800...0xDBFF where index < units.count && UTF16.isTrailSurrogate(units[index]):
                let scalar = 0x10000 + (UInt32(unit - 0xD800) << 10) + UInt32(units[index] - 0xDC00)
                index += 1
                out.append(UInt8(0xF0 | scalar >> 18))
                out.append(UInt8(0x80 | scalar >> 12 & 0x3F))
                out.append(UInt8(0x80 | scalar >> 6 & 0x3F))
                out.append(UInt8(0x80 | scalar & 0x3F))
            case 0xD800...0xDFFF: escape(unit)
            default:
                out.append(UInt8(0xE0 | unit >> 12))
                out.append(UInt8(0x80 | unit >> 6 & 0x3F))
                out.append(UInt8(0x80 | unit & 0x3F))
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
