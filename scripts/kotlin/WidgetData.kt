// WidgetData: the Android widget's reader of the `widget_data` snapshot (contract v:1),
// written to behave exactly as ../shared/CONTRACT.md §4 describes the Android end,
// with the same org.json calls in the same places. Kotlin 1.3 (Debian's kotlinc
// 1.3.31): no `sealed interface`, no `data object`, nothing newer from the stdlib.
// It depends only on org.json and the JDK, so it runs both on Android and on a JVM
// with Android's own org.json (Debian's libandroid-json-java) on the classpath.
//
// API (a replacement given to scripts/record-kotlin --parser must have the same):
//   WidgetData.parse(json, pendingDoneTargets): List<WidgetTaskRow>   (throws on failure)
//   WidgetData.parseMeta(json): SnapshotMeta                          (never throws an Exception)
//   WidgetData.isSnapshotStale(meta, nowMs): Boolean
//   WidgetData.headerFor(meta, nowMs): WidgetHeader                   (Today | Outdated(dayMs))
//   WidgetData.dayStrToMs(dayStr): Long?                              (JVM default zone)
//   WidgetTaskRow(id, title, isDone, projectColor), SnapshotMeta(dayStr, validUntil)

import org.json.JSONObject
import java.text.ParseException
import java.text.SimpleDateFormat
import java.util.Locale

data class WidgetTaskRow(
    val id: String,
    val title: String,
    val isDone: Boolean,
    val projectColor: String?
)

data class SnapshotMeta(
    val dayStr: String?,
    val validUntil: Long?
)

sealed class WidgetHeader {
    object Today : WidgetHeader()
    data class Outdated(val dayMs: Long?) : WidgetHeader()
}

object WidgetData {
    const val SUPPORTED_VERSION = 1

    /** Rows of a v:1 blob with the pending check-box targets overlaid. Throws on a blob it cannot read. */
    fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<WidgetTaskRow> {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != SUPPORTED_VERSION) return emptyList()
        val tasks = root.optJSONArray("tasks") ?: return emptyList()
        val colors = root.optJSONObject("projectColors")
        val rows = ArrayList<WidgetTaskRow>(tasks.length())
        for (i in 0 until tasks.length()) {
            val task = tasks.getJSONObject(i)
            val id = task.getString("id")
            val title = task.getString("title")
            // optString(key, null), as the app reads them: a value org.json cannot print (an array
            // holding 1e400, CONTRACT D6) is no project / no colour, not the text "".
            val projectId: String? = if (task.isNull("projectId")) null else task.optString("projectId", null)
            val projectColor: String? =
                if (projectId != null && colors != null && !colors.isNull(projectId)) colors.optString(projectId, null) else null
            val isDone = pendingDoneTargets[id] ?: task.optBoolean("isDone", false)
            rows.add(WidgetTaskRow(id, title, isDone, projectColor))
        }
        return rows
    }

    /** dayStr and validUntil, each degrading to null on its own; both null when the blob is unreadable or not v:1. */
    fun parseMeta(json: String?): SnapshotMeta {
        if (json == null) return SnapshotMeta(null, null)
        return try {
            val root = JSONObject(json)
            if (root.optInt("v", -1) != SUPPORTED_VERSION) {
                SnapshotMeta(null, null)
            } else {
                val dayStr: String? = if (root.isNull("dayStr")) null else root.optString("dayStr")
                val validUntil = root.optLong("validUntil", 0L)
                SnapshotMeta(
                    if (dayStr.isNullOrEmpty()) null else dayStr,
                    if (validUntil > 0L) validUntil else null
                )
            }
        } catch (e: Exception) {
            SnapshotMeta(null, null)
        }
    }

    /** The whole freshness rule: stale from validUntil on (inclusive); never stale without one. */
    fun isSnapshotStale(meta: SnapshotMeta, nowMs: Long): Boolean {
        val validUntil = meta.validUntil
        return validUntil != null && nowMs >= validUntil
    }

    fun headerFor(meta: SnapshotMeta, nowMs: Long): WidgetHeader {
        if (!isSnapshotStale(meta, nowMs)) return WidgetHeader.Today
        val dayStr = meta.dayStr
        return WidgetHeader.Outdated(if (dayStr == null) null else dayStrToMs(dayStr))
    }

    /** Local midnight (JVM default zone) of a yyyy-MM-dd day, or null unless the text is exactly such a day. */
    fun dayStrToMs(dayStr: String): Long? {
        val format = SimpleDateFormat("yyyy-MM-dd", Locale.US)
        format.isLenient = false
        return try {
            val date = format.parse(dayStr)
            if (format.format(date) == dayStr) date.time else null
        } catch (e: ParseException) {
            null
        }
    }
}
