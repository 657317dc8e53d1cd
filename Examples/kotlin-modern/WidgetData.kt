// An Android app's widget reader as an app team writes it today (Kotlin 1.9 style, the app's
// own type names: WidgetTask, WidgetMeta), with the same org.json calls as
// scripts/kotlin/WidgetData.kt. It does not compile on kotlinc 1.3.31 as it stands:
// scripts/record-kotlin --parser down-levels a copy (scripts/kotlin/downlevel) and records it.
// scripts/test checks that the recording equals golden/kotlin/ byte for byte.
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
)

data class WidgetMeta(
    val dayStr: String?,
    val validUntil: Long?,
)

sealed interface WidgetHeader {
    data object Today : WidgetHeader
    data class Outdated(val dayMs: Long?) : WidgetHeader
}

/** How the widget turns a `yyyy-MM-dd` day into an instant (a seam for the app's tests). */
fun interface DayClock {
    fun startOfDay(dayStr: String): Long?
}

object WidgetData {
    const val SUPPORTED_VERSION = 1

    private val localDays = object : DayClock {
        override fun startOfDay(dayStr: String): Long? = dayStrToMs(dayStr)
    }

    fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<WidgetTask> {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != SUPPORTED_VERSION) return emptyList()
        val tasks = root.optJSONArray("tasks") ?: return emptyList()
        val colors = root.optJSONObject("projectColors")
        return buildList(tasks.length()) {
            for (i in 0 until tasks.length()) {
                val task = tasks.getJSONObject(i)
                val id = task.getString("id")
                val title = task.getString("title")
                val projectId: String? = if (task.isNull("projectId")) null else task.optString("projectId", null)
                val projectColor: String? = when {
                    projectId == null || colors == null -> null
                    colors.isNull(projectId) -> null
                    else -> colors.optString(projectId, null)
                }
                val isDone = pendingDoneTargets[id] ?: task.optBoolean("isDone", false)
                add(WidgetTask(id, title, isDone, projectColor))
            }
        }
    }

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
                        validUntil = if (validUntil > 0L) validUntil else null,
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
