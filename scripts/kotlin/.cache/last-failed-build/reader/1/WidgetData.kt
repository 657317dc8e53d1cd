// An Android app's widget reader as an app team writes it today (Kotlin 1.9 style, the app's
// own type names: WidgetTask, WidgetMeta), with the same org.json calls as
// scripts/kotlin/WidgetData.kt. It does not compile on kotlinc 1.3.31 as it stands:
// scripts/record-kotlin --parser down-levels a copy (scripts/kotlin/downlevel) and records it.
// scripts/test checks that the recording equals golden/kotlin/ byte for byte. It answers
// revisions 2 and 3 too (CONTRACT.md §8: the five-parameter parse with defaults, as an app
// calls it, parseProjects, projectTitle, parseCurrentTask), so every field is compared.
package com.example.todo.widget

import org.json.JSONObject
import java.text.ParseException
import java.text.SimpleDateFormat
import java.util.Locale

data class WidgetTask(
    val id: String,
    val title: String,
    val isDone: Boolean,
    val projectColor: String?,
    val doneOn: Long? = null 
)

data class WidgetProject(val id: String, val title: String)

data class WidgetCurrentTask(
    val id: String,
    val title: String,
    val projectId: String?,
    val deviceLabel: String,
    val isLocal: Boolean,
    val sinceTs: Long?,
    val focusCycle: Int? 
)

data class WidgetMeta(
    val dayStr: String?,
    val validUntil: Long? 
)

interface WidgetHeader {
    object Today : WidgetHeader, Missing
    data class Outdated(val dayMs: Long?) : WidgetHeader
}

/** How the widget turns a `yyyy-MM-dd` day into an instant (a seam for the app's tests). */
interface DayClock {
    fun startOfDay(dayStr: String): Long?
}

object WidgetData {
    const val SUPPORTED_VERSION = 1

    private val localDays = object : DayClock {
        override fun startOfDay(dayStr: String): Long? = dayStrToMs(dayStr)
    }

    /** How long a selected project's done row stays listed. */
    const val PROJECT_DONE_GRACE_MS = 5_000L

    fun parse(
        json: String,
        pendingDoneTargets: Map<String, Boolean> = emptyMap(),
        pendingDoneTimestamps: Map<String, Long> = emptyMap(),
        selectedProjectId: String? = null,
        nowMs: Long = System.currentTimeMillis() 
    ): List<WidgetTask> {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != SUPPORTED_VERSION) return emptyList()
        val projectTasks = selectedProjectId?.let { selected ->
            val projects = root.optJSONArray("projects") ?: return@let null
            val entries = List(projects.length()) { projects.getJSONObject(it) }
            entries.firstOrNull { it.optString("id") == selected }?.optJSONArray("tasks")
        }
        val tasks = projectTasks ?: root.optJSONArray("tasks") ?: return emptyList()
        val colors = root.optJSONObject("projectColors")
        return buildList(tasks.length()) {
            loop77@ for (i in 0 until tasks.length()) {
                val task = tasks.getJSONObject(i)
                val id = task.getString("id")
                val title = task.getString("title")
                val projectId: String? = if (task.isNull("projectId")) null else task.optString("projectId", null)
                val projectColor: String? = when {
                    projectId == null || colors == null -> null
                    colors.isNull(projectId) -> null
                    else -> colors.optString(projectId, null)
                }
                val target = pendingDoneTargets[id]
                val isDone = target ?: task.optBoolean("isDone", false)
                val doneOn = when (target) {
                    true -> pendingDoneTimestamps[id] ?: nowMs
                    else -> task.optLong("doneOn", 0L).takeIf { it > 0L }
                }
                when {
                    projectTasks == null || !isDone -> {}
                    doneOn == null || nowMs >= doneOn + PROJECT_DONE_GRACE_MS -> continue@loop77
                }
                add(WidgetTask(id, title, isDone, projectColor, doneOn))
            }
        }
    }

    fun parseProjects(json: String): List<WidgetProject> {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != SUPPORTED_VERSION) return emptyList()
        val projects = root.optJSONArray("projects") ?: return emptyList()
        return (0 until projects.length()).map { i ->
            val entry = projects.getJSONObject(i)
            WidgetProject(id = entry.getString("id"), title = entry.getString("title"))
        }
    }

    fun projectTitle(json: String, projectId: String): String? =
        parseProjects(json).firstOrNull { it.id == projectId }?.title

    fun parseCurrentTask(json: String): WidgetCurrentTask? = runCatching {
        val root = JSONObject(json)
        val tracked = if (root.optInt("v", -1) == SUPPORTED_VERSION) root.optJSONObject("currentTask") else null
        tracked?.let { task ->
            WidgetCurrentTask(
                id = task.getString("id"),
                title = task.getString("title"),
                projectId = if (task.isNull("projectId")) null else task.optString("projectId", null),
                deviceLabel = task.optString("deviceLabel", ""),
                isLocal = task.optBoolean("isLocal", false),
                sinceTs = task.optLong("sinceTs", 0L).takeIf { it > 0L },
                focusCycle = if (task.isNull("focusCycle")) null else task.optInt("focusCycle") 
            )
        }
    }.getOrElse { if (it is Exception) null else throw it }

    fun parseMeta(json: String?): WidgetMeta {
        if (json == null) return WidgetMeta(null, null)
        return try {
            val root = JSONObject(json)
            when (val version = root.optInt("v", -1)) {
                SUPPORTED_VERSION -> {
                    val dayStr: String? = if (root.isNull("dayStr")) null else root.optString("dayStr")
                    val validUntil = root.optLong("validUntil", 0L)
                    WidgetMeta(
                        dayStr = if (dayStr.isNullOrEmpty()) null else dayStr,
                        validUntil = if (validUntil > 0L) validUntil else null 
                    )
                }
                else -> WidgetMeta(null, null).also { check(version != SUPPORTED_VERSION) }
            }
        } catch (e: Exception) {
            WidgetMeta(null, null)
        }
    }

    fun isSnapshotStale(meta: WidgetMeta, nowMs: Long): Boolean {
        val validUntil = meta.validUntil
        return validUntil != null && nowMs >= validUntil
    }

    fun headerFor(meta: WidgetMeta, nowMs: Long): WidgetHeader {
        if (!isSnapshotStale(meta, nowMs)) return WidgetHeader.Today
        val dayStr = meta.dayStr
        return WidgetHeader.Outdated(if (dayStr == null) null else localDays.startOfDay(dayStr))
    }

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
