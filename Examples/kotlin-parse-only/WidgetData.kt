// An older build of the app's widget reader: only `parse` (the widget had no header yet).
// scripts/record-kotlin --parser records it with meta, stale and header left out of every
// view ("not implemented", CONTRACT §6); scripts/test checks that its rows equal golden/kotlin/.
package com.example.todo.widget

import org.json.JSONObject

data class WidgetTask(val id: String, val title: String, val isDone: Boolean, val projectColor: String?)

object WidgetData {
    fun parse(json: String, pendingDoneTargets: Map<String, Boolean>): List<WidgetTask> {
        val root = JSONObject(json)
        if (root.optInt("v", -1) != 1) return emptyList()
        val tasks = root.optJSONArray("tasks") ?: return emptyList()
        val colors = root.optJSONObject("projectColors")
        val rows = ArrayList<WidgetTask>()
        for (i in 0 until tasks.length()) {
            val task = tasks.getJSONObject(i)
            val id = task.getString("id")
            val projectId: String? = if (task.isNull("projectId")) null else task.optString("projectId", null)
            val color = if (projectId != null && colors != null && !colors.isNull(projectId)) colors.optString(projectId, null) else null
            rows.add(WidgetTask(id, task.getString("title"), pendingDoneTargets[id] ?: task.optBoolean("isDone", false), color))
        }
        return rows
    }
}
