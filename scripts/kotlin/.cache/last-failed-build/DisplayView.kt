import com.example.todo.widget.*
// DisplayView: the display part of the Kotlin testee's view line (../../CONTRACT.md §9,
// the `display` field of schemas/contract.json): what WidgetDisplay.paint says Android's widget
// paints for the case (the glue asks it with the reader's own calls), written by TesteeMain's
// small JSON writer. Kotlin 1.3.

/** Appends `,"display":{"rows":[…],"more":K,"header":{"kind":…,"title":…,"day":…},"empty":…}`. */
internal fun appendDisplay(b: StringBuilder, answer: DisplayAnswer) {
    b.append(",\"display\":{\"rows\":[")
    for ((i, row) in answer.rows.withIndex()) {
        if (i > 0) b.append(',')
        b.append("{\"id\":")
        appendJsonString(b, row.id)
        b.append(",\"title\":")
        appendJsonString(b, row.title)
        b.append(",\"isDone\":").append(if (row.isDone) "true" else "false")
        b.append(",\"dot\":")
        val dot = row.dot
        if (dot == null) b.append("null") else appendJsonString(b, dotText(dot))
        b.append('}')
    }
    b.append("],\"more\":").append(answer.more)
    b.append(",\"header\":{\"kind\":")
    appendJsonString(b, answer.header.kind)
    b.append(",\"title\":")
    val title = answer.header.title
    if (title == null) b.append("null") else appendJsonString(b, title)
    b.append(",\"day\":")
    val day = answer.header.day
    if (day == null) b.append("null") else appendJsonString(b, day)
    b.append("},\"empty\":").append(if (answer.showsEmptyView) "true" else "false")
    b.append('}')
}

private val DOT_HEX = "0123456789ABCDEF".toCharArray()

/** #AARRGGBB, upper-case, from a fixed table (no locale). */
internal fun dotText(argb: Int): String {
    val s = CharArray(9)
    s[0] = '#'
    for (i in 0 until 8) s[1 + i] = DOT_HEX[(argb ushr (28 - 4 * i)) and 15]
    return String(s)
}
