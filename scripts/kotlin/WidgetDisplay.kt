// WidgetDisplay: what the Android widget paints for a snapshot (../../CONTRACT.md §9) — the
// app's TaskListWidgetService / TaskListWidgetProvider around WidgetData, and AOSP's
// Color.parseColor, written to behave as they do (read from their source, not copied).
// Kotlin 1.3 (Debian's kotlinc 1.3.31). Only WidgetData's functions (and the header's
// Today/Outdated) are used, so any reader with that API can be compiled under it.
//
// API:
//   AndroidColor.parseColor(text): Int            (throws where Color.parseColor throws)
//   WidgetDisplay.display(json, pendingDoneTargets, pendingDoneTimestamps, selectedProjectId,
//                         nowMs, capacity = 20): DisplayAnswer   (never throws an Exception;
//                         the header's day is read in the JVM's default zone)

import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale

/** One row on screen: the dot is Android's colour int, null when none is drawn. */
class DisplayRow(val id: String, val title: String, val isDone: Boolean, val dot: Int?)

/** The header's meaning: kind "today", "outdated" (day: yyyy-MM-dd or null) or "project" (its title). */
class DisplayHeader(val kind: String, val title: String?, val day: String?)

class DisplayAnswer(val rows: List<DisplayRow>, val more: Int, val header: DisplayHeader, val showsEmptyView: Boolean)

/** android.graphics.Color.parseColor as AOSP writes it: a '#' text through Long.parseLong, else a name. */
object AndroidColor {
    private val NAMES: Map<String, Int> = mapOf(
        "black" to 0xFF000000.toInt(), "darkgray" to 0xFF444444.toInt(), "gray" to 0xFF888888.toInt(),
        "lightgray" to 0xFFCCCCCC.toInt(), "white" to 0xFFFFFFFF.toInt(), "red" to 0xFFFF0000.toInt(),
        "green" to 0xFF00FF00.toInt(), "blue" to 0xFF0000FF.toInt(), "yellow" to 0xFFFFFF00.toInt(),
        "cyan" to 0xFF00FFFF.toInt(), "magenta" to 0xFFFF00FF.toInt(), "aqua" to 0xFF00FFFF.toInt(),
        "fuchsia" to 0xFFFF00FF.toInt(), "darkgrey" to 0xFF444444.toInt(), "grey" to 0xFF888888.toInt(),
        "lightgrey" to 0xFFCCCCCC.toInt(), "lime" to 0xFF00FF00.toInt(), "maroon" to 0xFF800000.toInt(),
        "navy" to 0xFF000080.toInt(), "olive" to 0xFF808000.toInt(), "purple" to 0xFF800080.toInt(),
        "silver" to 0xFFC0C0C0.toInt(), "teal" to 0xFF008080.toInt()
    )

    fun parseColor(text: String): Int {
        if (text[0] == '#') {
            // A Long, so that #ffXXXXXX does not overflow; the sign and every digit are Java's.
            var value = java.lang.Long.parseLong(text.substring(1), 16)
            when (text.length) {
                7 -> value = value or 0xFF000000L
                9 -> {}
                else -> throw IllegalArgumentException("Unknown color")
            }
            return value.toInt()
        }
        return NAMES[text.toLowerCase(Locale.ROOT)] ?: throw IllegalArgumentException("Unknown color")
    }
}

object WidgetDisplay {
    /** TaskListWidgetService's MAX_TASKS: the rows Android shows, and a case's capacity by default. */
    const val ANDROID_CAPACITY = 20

    fun display(
        json: String,
        pendingDoneTargets: Map<String, Boolean>,
        pendingDoneTimestamps: Map<String, Long>,
        selectedProjectId: String?,
        nowMs: Long,
        capacity: Int = ANDROID_CAPACITY
    ): DisplayAnswer {
        require(capacity >= 0) { "a widget shows zero rows or more" }
        // The service: projectTitle and parse in one try; any exception empties the list.
        val listed = try {
            if (selectedProjectId != null) WidgetData.projectTitle(json, selectedProjectId)
            WidgetData.parse(json, pendingDoneTargets, pendingDoneTimestamps, selectedProjectId, nowMs)
        } catch (e: Exception) {
            emptyList<Nothing>()
        }
        val shown = listed.take(capacity).map { row ->
            val dot = row.projectColor?.let { text ->
                try {
                    AndroidColor.parseColor(text)
                } catch (e: Exception) {
                    null
                }
            }
            DisplayRow(row.id, row.title, row.isDone, dot)
        }
        return DisplayAnswer(shown, listed.size - shown.size, header(json, selectedProjectId, nowMs), shown.isEmpty())
    }

    /** The provider: the selected project's title (a failure is no title), else the stamp's verdict. */
    private fun header(json: String, selectedProjectId: String?, nowMs: Long): DisplayHeader {
        val title = selectedProjectId?.let { id ->
            try {
                WidgetData.projectTitle(json, id)
            } catch (e: Exception) {
                null
            }
        }
        if (title != null) return DisplayHeader("project", title, null)
        val header = WidgetData.headerFor(WidgetData.parseMeta(json), nowMs)
        if (header is WidgetHeader.Outdated) {
            val day = header.dayMs?.let { ms -> SimpleDateFormat("yyyy-MM-dd", Locale.US).format(Date(ms)) }
            return DisplayHeader("outdated", null, day)
        }
        return DisplayHeader("today", null, null)
    }
}
