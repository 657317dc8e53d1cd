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
//   WidgetTaskRow(id, title, isDone, projectColor[, doneOn]), SnapshotMeta(dayStr, validUntil)
// Revisions 2 and 3 (../../CONTRACT.md §8; the testee asks them: its parse is the five-parameter one):
//   WidgetData.parse(json, pendingDoneTargets, pendingDoneTimestamps, selectedProjectId, nowMs)
//   WidgetData.parseProjects(json): List<WidgetProject>                (throws on a broken entry)
//   WidgetData.projectTitle(json, projectId): String?                   (throws where parseProjects does)
//   WidgetData.parseCurrentTask(json): WidgetCurrentTask?               (never throws an Exception)

import org.json.JSONArray
import org.json.JSONObject
import java.text.ParseException
import java.text.SimpleDateFormat
import java.util.Locale

data class WidgetTaskRow(
    val id: String,
    val title: String,
    val isDone: Boolean,
    val projectColor: String?,
    val doneOn: Long? = null
)

data class WidgetProject(
    val id: String,
    val title: String
)

data class WidgetCurrentTask(
    val id: String,
    val title: String,
    val projectId: String?,
    val deviceLabel: String,
    val isLocal: Boolean,
    val sinceTs: Long?,
    val focusCycle: Int?
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
    fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<WidgetTaskRow> =
        readRows(json, pendingDoneTargets, null)

    /** How long a selected project's done row stays after it was done (CONTRACT.md §8.1). */
    const val PROJECT_DONE_GRACE_MS = 5000L

    /**
     * Revision 2's rows: the selected project's tasks, else Today's; each row's doneOn; a
     * project's done rows only within the grace. Throws on a blob it cannot read.
     */
    fun parse(
        json: String,
        pendingDoneTargets: Map<String, Boolean>,
        pendingDoneTimestamps: Map<String, Long>,
        selectedProjectId: String?,
        nowMs: Long
    ): List<WidgetTaskRow> = readRows(json, pendingDoneTargets, Revision2(pendingDoneTimestamps, selectedProjectId, nowMs))

    /** What revision 2's parse adds to the revision-1 row read: the tap times, the selection and the instant. */
    private class Revision2(
        val pendingDoneTimestamps: Map<String, Long>,
        val selectedProjectId: String?,
        val nowMs: Long
    ) {
        /** The pending tap's time when a tap marks the row done (nowMs without one), else the blob's positive doneOn. */
        fun doneOn(task: JSONObject, id: String, target: Boolean?): Long? {
            val stamp = task.optLong("doneOn", 0L)
            return if (target == true) pendingDoneTimestamps[id] ?: nowMs else if (stamp > 0L) stamp else null
        }

        /** Today keeps every row; a project keeps a done row only within the grace (Long addition wraps, as the contract says). */
        fun keeps(isProjectRows: Boolean, isDone: Boolean, doneOn: Long?): Boolean =
            !isProjectRows || !isDone || (doneOn != null && nowMs < doneOn + PROJECT_DONE_GRACE_MS)
    }

    /** The root of a v:1 blob, null for another version. Throws on a blob it cannot read. */
    private fun supportedRoot(json: String): JSONObject? {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != SUPPORTED_VERSION) return null
        return root
    }

    /** The one row read of both parse revisions; revision2 null is revision 1 (no doneOn, every row kept). */
    private fun readRows(json: String, pendingDoneTargets: Map<String, Boolean>, revision2: Revision2?): List<WidgetTaskRow> {
        val root = supportedRoot(json) ?: return emptyList()
        val selectedProjectId = revision2?.selectedProjectId
        val projectTasks = if (selectedProjectId == null) null else selectedProjectTasks(root, selectedProjectId)
        val tasks = projectTasks ?: root.optJSONArray("tasks") ?: return emptyList()
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
            val target = pendingDoneTargets[id]
            val isDone = target ?: task.optBoolean("isDone", false)
            val doneOn = revision2?.doneOn(task, id, target)
            if (revision2 == null || revision2.keeps(projectTasks != null, isDone, doneOn)) {
                rows.add(WidgetTaskRow(id, title, isDone, projectColor, doneOn))
            }
        }
        return rows
    }

    /**
     * Revision 2: the tasks array of the first projects entry whose id is the selection, null when there is
     * none (no projects array, no such entry, or an entry without a tasks array). getJSONObject on every
     * entry first: one entry that is not an object fails the parse.
     */
    private fun selectedProjectTasks(root: JSONObject, selectedProjectId: String): JSONArray? {
        val projects = root.optJSONArray("projects") ?: return null
        val entries = ArrayList<JSONObject>(projects.length())
        for (i in 0 until projects.length()) entries.add(projects.getJSONObject(i))
        for (entry in entries) if (entry.optString("id") == selectedProjectId) return entry.optJSONArray("tasks")
        return null
    }

    /** Revision 2: {id, title} of every `projects` entry; empty for another version or no array; throws on a broken entry. */
    fun parseProjects(json: String): List<WidgetProject> {
        val root = supportedRoot(json) ?: return emptyList()
        val projects = root.optJSONArray("projects") ?: return emptyList()
        val list = ArrayList<WidgetProject>(projects.length())
        for (i in 0 until projects.length()) {
            val entry = projects.getJSONObject(i)
            list.add(WidgetProject(entry.getString("id"), entry.getString("title")))
        }
        return list
    }

    /** Revision 2: the title of the first listed project with that id, or null; throws where parseProjects throws. */
    fun projectTitle(json: String, projectId: String): String? {
        for (project in parseProjects(json)) if (project.id == projectId) return project.title
        return null
    }

    /** Revision 3: the tracked task, or null (nothing tracked, another version, or unreadable). */
    fun parseCurrentTask(json: String): WidgetCurrentTask? {
        return try {
            val root = supportedRoot(json) ?: return null
            val task = root.optJSONObject("currentTask") ?: return null
            val sinceTs = task.optLong("sinceTs", 0L)
            WidgetCurrentTask(
                task.getString("id"),
                task.getString("title"),
                if (task.isNull("projectId")) null else task.optString("projectId", null),
                task.optString("deviceLabel", ""),
                task.optBoolean("isLocal", false),
                if (sinceTs > 0L) sinceTs else null,
                if (task.isNull("focusCycle")) null else task.optInt("focusCycle")
            )
        } catch (e: Exception) {
            null
        }
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
