import com.example.todo.widget.*
// WidgetDisplay: what the Android widget paints for a snapshot (../../CONTRACT.md §9) — the
// app's TaskListWidgetService / TaskListWidgetProvider around WidgetData, and AOSP's
// Color.parseColor, written to behave as they do (read from their source, not copied).
// Kotlin 1.3 (Debian's kotlinc 1.3.31). It names no reader: the widget's calls into the
// reader come in as functions, so any reader's answers can be painted — revision 1's widget
// (parse with the taps, the stamp's header) as well as revision 2's project widget.
//
// API:
//   AndroidColor.parseColor(text): Int            (throws where Color.parseColor throws)
//   WidgetDisplay.paint(capacity, selectedProjectId, projectTitle, listed, stamp): DisplayAnswer
//                         (never throws an Exception from listed or projectTitle; the header's
//                         day is read in the JVM's default zone)
//   WidgetDisplay.display(…): the same over this folder's WidgetData.kt (WidgetDisplayOverWidgetData.kt)

import java.text.SimpleDateFormat
import java.util.Date
import java.util.Locale

/** One row on screen: the dot is Android's colour int, null when none is drawn. */
class DisplayRow(val id: String, val title: String, val isDone: Boolean, val dot: Int?)

/** The header's meaning: kind "today", "outdated" (day: yyyy-MM-dd or null) or "project" (its title). */
class DisplayHeader(val kind: String, val title: String?, val day: String?)

/** A row as the reader lists it (its own row type's id, title, isDone, projectColor). */
class ListedRow(val id: String, val title: String, val isDone: Boolean, val projectColor: String?)

/** The reader's headerFor verdict: outdated (with its dayMs, or none) or today. */
class StampHeader(val outdated: Boolean, val dayMs: Long?)

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

    /**
     * The service and the provider around a reader: [listed] is its `parse` with the inputs it
     * takes, [projectTitle] its `projectTitle` (null for a reader without one: no project widget,
     * so no selection is read), [stamp] its `headerFor(parseMeta(blob), now)`.
     */
    fun paint(
        capacity: Int,
        selectedProjectId: String?,
        projectTitle: ((String) -> String?)?,
        listed: () -> List<ListedRow>,
        stamp: () -> StampHeader
    ): DisplayAnswer {
        require(capacity >= 0) { "a widget shows zero rows or more" }
        val selection = if (projectTitle != null) selectedProjectId else null
        // The service: projectTitle and parse in one try; any exception empties the list.
        val rows = try {
            if (selection != null && projectTitle != null) projectTitle(selection)
            listed()
        } catch (e: Exception) {
            emptyList<ListedRow>()
        }
        val shown = rows.take(capacity).map { row ->
            val dot = row.projectColor?.let { text ->
                try {
                    AndroidColor.parseColor(text)
                } catch (e: Exception) {
                    null
                }
            }
            DisplayRow(row.id, row.title, row.isDone, dot)
        }
        return DisplayAnswer(shown, rows.size - shown.size, header(selection, projectTitle, stamp), shown.isEmpty())
    }

    /** The provider: the selected project's title (a failure is no title), else the stamp's verdict. */
    private fun header(selection: String?, projectTitle: ((String) -> String?)?, stamp: () -> StampHeader): DisplayHeader {
        val title = if (selection != null && projectTitle != null) {
            try {
                projectTitle(selection)
            } catch (e: Exception) {
                null
            }
        } else null
        if (title != null) return DisplayHeader("project", title, null)
        val verdict = stamp()
        if (verdict.outdated) {
            val day = verdict.dayMs?.let { ms -> SimpleDateFormat("yyyy-MM-dd", Locale.US).format(Date(ms)) }
            return DisplayHeader("outdated", null, day)
        }
        return DisplayHeader("today", null, null)
    }
}
