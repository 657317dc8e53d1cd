// WidgetDisplayOverWidgetData: WidgetDisplay.display, the display question asked of this
// folder's WidgetData.kt with revision 2's inputs (../../CONTRACT.md §9.5) — what
// DisplayTable.kt holds to the display table. The testee's glue (reader-api) calls
// WidgetDisplay.paint itself, with whatever the reader under test offers. Kotlin 1.3.

/** The project widget over WidgetData's revision-2 parse, projectTitle and headerFor(parseMeta). */
fun WidgetDisplay.display(
    json: String,
    pendingDoneTargets: Map<String, Boolean>,
    pendingDoneTimestamps: Map<String, Long>,
    selectedProjectId: String?,
    nowMs: Long,
    capacity: Int = WidgetDisplay.ANDROID_CAPACITY
): DisplayAnswer = paint(
    capacity,
    selectedProjectId,
    { id -> WidgetData.projectTitle(json, id) },
    {
        WidgetData.parse(json, pendingDoneTargets, pendingDoneTimestamps, selectedProjectId, nowMs)
            .map { ListedRow(it.id, it.title, it.isDone, it.projectColor) }
    },
    {
        val header = WidgetData.headerFor(WidgetData.parseMeta(json), nowMs)
        if (header is WidgetHeader.Outdated) StampHeader(true, header.dayMs) else StampHeader(false, null)
    }
)
