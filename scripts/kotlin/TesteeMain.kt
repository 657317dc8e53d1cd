// TesteeMain: the Kotlin end as an external testee (../../CONTRACT.md §6).
// Reads cases (JSON Lines) on stdin, writes one canonical decoded view per case on
// stdout, in order, flushing after every line. Kotlin 1.3 (Debian's kotlinc 1.3.31).
//
// Per case: TimeZone.setDefault(case zone) (the reader's SimpleDateFormat reads the
// default zone), then parse -> rows or {"error": message}, then `appendStamp`, which
// record-kotlin generates from the API the reader offers (scripts/kotlin/reader-api):
// meta = parseMeta, stale = isSnapshotStale, header = headerFor, each left out of the
// line when the reader lacks it ("not implemented"). Anything thrown outside parse
// (StackOverflowError from deep nesting passes through parseMeta's
// `catch (e: Exception)`) turns the case into
//   {"id":"…","crash":"<Throwable class>: <message> in <function>"}
// and the driver goes on with the next case.
//
// The view is written by the small writer below, never by org.json (whose writer
// escapes `/` and is not the canonical form). Nothing here reads the machine's
// locale: numbers go through Long.toString, hex digits come from a fixed table.
// Case lines are strict JSON written by the harness, so org.json reads them.
//
// Only WidgetData's functions are used, never its type names, so any reader with that
// API can be compiled in its place (scripts/record-kotlin --parser FILE). A reader declared in a package
// gets an import added here by record-kotlin (at the marker line below).

import org.json.JSONObject
import java.io.BufferedOutputStream
import java.io.BufferedReader
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.InputStreamReader
import java.util.Base64
import java.util.TimeZone
// @@PARSER-IMPORTS@@

private val HEX = "0123456789abcdef".toCharArray()

/** Appends s as a canonical JSON string (CONTRACT.md §6). */
fun appendJsonString(b: StringBuilder, s: String) {
    b.append('"')
    var i = 0
    val n = s.length
    while (i < n) {
        val c = s[i]
        when {
            c == '"' -> b.append("\\\"")
            c == '\\' -> b.append("\\\\")
            c == '\b' -> b.append("\\b")
            c == '\t' -> b.append("\\t")
            c == '\n' -> b.append("\\n")
            c == '\u000c' -> b.append("\\f")
            c == '\r' -> b.append("\\r")
            c < '\u0020' -> appendUnicodeEscape(b, c)
            Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s[i + 1]) -> {
                b.append(c).append(s[i + 1])
                i++
            }
            Character.isSurrogate(c) -> appendUnicodeEscape(b, c) // a lone half the reader kept
            else -> b.append(c)
        }
        i++
    }
    b.append('"')
}

private fun appendUnicodeEscape(b: StringBuilder, c: Char) {
    val v = c.toInt()
    b.append('\\').append('u')
        .append(HEX[(v shr 12) and 15]).append(HEX[(v shr 8) and 15])
        .append(HEX[(v shr 4) and 15]).append(HEX[v and 15])
}

// The view after `parse`, called by the glue record-kotlin generates for the reader
// (scripts/kotlin/reader-api): only the parts the reader implements are written.
internal fun appendMeta(b: StringBuilder, dayStr: String?, validUntil: Long?) {
    b.append(",\"meta\":{\"dayStr\":")
    appendNullableString(b, dayStr)
    b.append(",\"validUntil\":")
    appendNullableLong(b, validUntil)
    b.append('}')
}

internal fun appendStale(b: StringBuilder, stale: Boolean) {
    b.append(",\"stale\":").append(if (stale) "true" else "false")
}

internal fun appendToday(b: StringBuilder) {
    b.append(",\"header\":{\"kind\":\"today\"}")
}

internal fun appendOutdated(b: StringBuilder, dayMs: Long?) {
    b.append(",\"header\":{\"kind\":\"outdated\",\"dayMs\":")
    appendNullableLong(b, dayMs)
    b.append('}')
}

private fun appendNullableString(b: StringBuilder, s: String?) {
    if (s == null) b.append("null") else appendJsonString(b, s)
}

private fun appendNullableLong(b: StringBuilder, v: Long?) {
    b.append(if (v == null) "null" else java.lang.Long.toString(v))
}

private fun errorText(t: Throwable): String = t.message ?: t.javaClass.name

private fun crashLine(id: String?, t: Throwable, where: String): String {
    val b = StringBuilder("{\"id\":")
    appendNullableString(b, id)
    b.append(",\"crash\":")
    appendJsonString(b, t.javaClass.name + ": " + t.message + " in " + where)
    return b.append('}').toString()
}

private class BadCase(message: String) : Exception(message)

private fun stringField(case: JSONObject, key: String): String {
    val v = case.opt(key)
    return v as? String ?: throw BadCase("case field '$key' is not a string")
}

/** One case line in, one view line out (never throws). */
fun runCase(line: String): String {
    var id: String? = null
    var where = "reading the case"
    try {
        val case = JSONObject(line)
        id = stringField(case, "id")
        val blob: String = when {
            case.has("blob") -> stringField(case, "blob")
            case.has("blobBase64") -> String(Base64.getDecoder().decode(stringField(case, "blobBase64")), Charsets.UTF_8)
            else -> throw BadCase("case has neither blob nor blobBase64")
        }
        // A case may queue one id twice (CONTRACT §6: the last tap wins). The reader takes a
        // Map, which holds the last tap per id; Android's JSONObject reads a repeated key the
        // same way (the last value, at the first key's place; checked on com.android.json.jar),
        // so its members are the taps as the map would hold them after putting each in order.
        val pending = LinkedHashMap<String, Boolean>()
        if (case.has("pendingDoneTargets") && !case.isNull("pendingDoneTargets")) {
            val obj = case.opt("pendingDoneTargets") as? JSONObject
                ?: throw BadCase("pendingDoneTargets is not an object")
            val keys = obj.keys()
            while (keys.hasNext()) {
                val k = keys.next()
                pending[k] = obj.opt(k) as? Boolean ?: throw BadCase("pendingDoneTargets value for '$k' is not a boolean")
            }
        }
        val nowRaw = case.opt("nowMs")
        val nowMs: Long = when (nowRaw) {
            is Int -> nowRaw.toLong()
            is Long -> nowRaw
            else -> throw BadCase("nowMs is not an integer")
        }
        val zoneName = stringField(case, "timeZone")
        val zone = TimeZone.getTimeZone(zoneName)
        if (zone.id != zoneName) throw BadCase("unknown time zone '$zoneName' (the JVM would use ${zone.id})")
        TimeZone.setDefault(zone)

        val b = StringBuilder(256)
        b.append("{\"id\":")
        appendJsonString(b, id)
        b.append(",\"parse\":")
        where = "parse"
        try {
            val rows = WidgetData.parse(blob, pending)
            b.append("{\"tasks\":[")
            for ((i, row) in rows.withIndex()) {
                if (i > 0) b.append(',')
                b.append("{\"id\":")
                appendJsonString(b, row.id)
                b.append(",\"title\":")
                appendJsonString(b, row.title)
                b.append(",\"isDone\":").append(if (row.isDone) "true" else "false")
                b.append(",\"projectColor\":")
                appendNullableString(b, row.projectColor)
                b.append('}')
            }
            b.append("]}")
        } catch (t: Throwable) {
            b.append("{\"error\":")
            appendJsonString(b, errorText(t))
            b.append('}')
        }
        appendStamp(b, blob, nowMs) { where = it }
        b.append('}')
        return b.toString()
    } catch (t: Throwable) {
        return crashLine(id, t, where)
    }
}

fun main(args: Array<String>) {
    val input = BufferedReader(InputStreamReader(System.`in`, Charsets.UTF_8), 1 shl 16)
    val out = BufferedOutputStream(FileOutputStream(FileDescriptor.out), 1 shl 16)
    while (true) {
        val line = input.readLine() ?: break
        if (line.trim().isEmpty()) continue
        out.write(runCase(line).toByteArray(Charsets.UTF_8))
        out.write('\n'.toInt())
        out.flush()
    }
    out.flush()
}
