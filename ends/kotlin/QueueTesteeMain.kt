// QueueTesteeMain: a Kotlin tap queue as a queue writer end (../../CONTRACT.md §10.4).
// Reads queue case lines on stdin, writes one answer line per case on stdout, flushed per line.
// Kotlin 1.3 (Debian's kotlinc 1.3.31), on Android's org.json and the android.content shims of
// tools/kotlin-testee/queue-shims.
//
// The queue is an `object` named by the first argument (`WidgetDoneQueue`,
// `com.example.widget.WidgetDoneQueue`) and called by reflection, so any queue with the app's
// calls runs unedited: setTarget(Context, String, Boolean) (or the first version's
// add(Context, String), done taps only), peek(Context) (a Map<String, Boolean>, or the first
// version's Set<String>), peekDoneTimestamps(Context) when it has tap times, and for the handoff
// getAndClear(Context): String? or handOff(Context) / read(Context) returning an object with
// targets, times, unreadable and token, and acknowledge(Context, String).
// Per case: the preferences hold the case's stored slots (ShimPreferences); each tap runs at the
// case's instant (QueueTapClock, which the queue's System.currentTimeMillis() reads); `together`
// runs each writer's taps on a thread of its own. A call that throws answers {"error": …}.
// (java.lang.System is spelled out: the queue compile adds a `System` to the queue's package, the default one for the project's.)

import android.content.ShimContext
import org.json.JSONArray
import org.json.JSONObject
import widgetcontract.queue.QueueTapClock
import widgetcontract.queue.ShimPreferences
import java.io.BufferedOutputStream
import java.io.BufferedReader
import java.io.FileDescriptor
import java.io.FileOutputStream
import java.io.InputStreamReader
import java.lang.reflect.InvocationTargetException
import java.lang.reflect.Method

private val HEX = "0123456789abcdef".toCharArray()

/** Appends s as a JSON string: a lone surrogate as its \udxxx escape, everything else as JSON.stringify does. */
fun appendText(b: StringBuilder, s: String) {
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
            c < '\u0020' -> escape(b, c)
            Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s[i + 1]) -> {
                b.append(c).append(s[i + 1])
                i++
            }
            Character.isSurrogate(c) -> escape(b, c)
            else -> b.append(c)
        }
        i++
    }
    b.append('"')
}

private fun escape(b: StringBuilder, c: Char) {
    val v = c.toInt()
    b.append('\\').append('u').append(HEX[(v shr 12) and 15]).append(HEX[(v shr 8) and 15])
        .append(HEX[(v shr 4) and 15]).append(HEX[v and 15])
}

private fun appendOptional(b: StringBuilder, s: String?) {
    if (s == null) b.append("null") else appendText(b, s)
}

/** The queue object and the calls it offers. */
class QueueUnderTest(className: String) {
    private val queue: Any = Class.forName(className).getField("INSTANCE").get(null)
    private val methods: Map<String, Method> = queue.javaClass.methods.associateBy { "${it.name}/${it.parameterCount}" }
    private val context = ShimContext()

    private fun call(name: String, vararg args: Any?): Any? {
        val method = methods["$name/${args.size + 1}"] ?: throw UnsupportedOperationException("$name is not a call of this queue")
        try {
            return method.invoke(queue, context, *args)
        } catch (e: InvocationTargetException) {
            throw e.targetException
        }
    }

    fun has(name: String, arity: Int): Boolean = methods.containsKey("$name/${arity + 1}")

    fun tap(task: String, done: Boolean, at: Long) {
        QueueTapClock.set(at)
        when {
            has("setTarget", 2) -> call("setTarget", task, done)
            !done -> throw UnsupportedOperationException("the first version's queue records done taps only")
            else -> call("add", task)
        }
    }

    fun peek(b: StringBuilder) {
        val peeked = call("peek")
        b.append("{\"peek\":{")
        var first = true
        val entries: List<Pair<String, Boolean>> = when (peeked) {
            is Map<*, *> -> peeked.entries.map { Pair(it.key as String, it.value as Boolean) }
            is Set<*> -> peeked.map { Pair(it as String, true) }
            else -> throw IllegalStateException("peek returned ${peeked?.javaClass?.name}")
        }
        for ((task, done) in entries) {
            if (!first) b.append(',')
            first = false
            appendText(b, task)
            b.append(':').append(if (done) "true" else "false")
        }
        b.append('}')
        if (has("peekDoneTimestamps", 0)) {
            b.append(",\"times\":{")
            first = true
            for ((task, ms) in call("peekDoneTimestamps") as Map<*, *>) {
                if (!first) b.append(',')
                first = false
                appendText(b, task as String)
                b.append(':').append((ms as Long).toString())
            }
            b.append('}')
        }
        b.append('}')
    }

    /** handOff, or getAndClear's string as the targets; `lease` asks read(). */
    fun handed(b: StringBuilder, lease: Boolean, tokens: MutableMap<Int, String>, index: Int) {
        if (!lease && !has("handOff", 0)) {
            b.append("{\"handed\":")
            appendOptional(b, call("getAndClear") as String?)
            b.append(",\"times\":null,\"unreadable\":null}")
            return
        }
        val handed = call(if (lease) "read" else "handOff")
        fun text(getter: String): String? = handed?.javaClass?.getMethod(getter)?.invoke(handed) as String?
        b.append("{\"handed\":")
        appendOptional(b, text("getTargets"))
        b.append(",\"times\":")
        appendOptional(b, text("getTimes"))
        b.append(",\"unreadable\":")
        appendOptional(b, text("getUnreadable"))
        val token = text("getToken")
        if (token != null) {
            tokens[index] = token
            b.append(",\"token\":")
            appendText(b, token)
        }
        b.append('}')
    }

    fun acknowledge(token: String) {
        call("acknowledge", token)
    }
}

private fun errorText(t: Throwable): String = "${t.javaClass.name}: ${t.message}"

fun answer(queue: QueueUnderTest, line: String): String {
    val case = JSONObject(line)
    val id = case.getString("id")
    val slots = LinkedHashMap<String, String>()
    val stored = case.optJSONObject("stored")
    if (stored != null) for (key in stored.keys()) slots[key] = stored.getString(key)
    ShimPreferences.reset(slots)
    val ops = case.getJSONArray("ops")
    val tokens = HashMap<Int, String>()
    val b = StringBuilder()
    b.append("{\"id\":")
    appendText(b, id)
    b.append(",\"results\":[")
    for (index in 0 until ops.length()) {
        if (index > 0) b.append(',')
        val op = ops.getJSONObject(index)
        val mark = b.length
        try {
            when (op.getString("op")) {
                "tap" -> {
                    queue.tap(op.getString("task"), op.getBoolean("done"), op.getLong("at"))
                    b.append("{\"ok\":true}")
                }
                "together" -> {
                    val errors = together(queue, op.getJSONArray("taps"))
                    if (errors.isEmpty()) b.append("{\"ok\":true}") else {
                        b.append("{\"error\":")
                        appendText(b, errors.joinToString("; "))
                        b.append('}')
                    }
                }
                "peek" -> queue.peek(b)
                "handoff" -> queue.handed(b, false, tokens, index)
                "lease" -> queue.handed(b, true, tokens, index)
                "ack" -> {
                    val token = tokens[op.getInt("lease")]
                    if (token != null) queue.acknowledge(token)
                    b.append("{\"ok\":true}")
                }
                else -> throw IllegalArgumentException("unknown op ${op.getString("op")}")
            }
        } catch (t: Throwable) {
            if (t is StackOverflowError || t is OutOfMemoryError || t is IllegalArgumentException) throw t
            b.setLength(mark)
            b.append("{\"error\":")
            appendText(b, errorText(t))
            b.append('}')
        }
    }
    b.append("],\"stored\":{")
    var first = true
    for ((key, value) in ShimPreferences.slots()) {
        if (!first) b.append(',')
        first = false
        appendText(b, key)
        b.append(':')
        appendText(b, value)
    }
    b.append("}}")
    return b.toString()
}

/** Each writer's taps in order on a thread of its own, the writers at once; the errors. */
private fun together(queue: QueueUnderTest, taps: JSONArray): List<String> {
    val byWriter = LinkedHashMap<Int, MutableList<JSONObject>>()
    for (i in 0 until taps.length()) {
        val tap = taps.getJSONObject(i)
        byWriter.getOrPut(tap.optInt("writer", 0)) { ArrayList() }.add(tap)
    }
    val errors = java.util.Collections.synchronizedList(ArrayList<String>())
    val threads = byWriter.values.map { list ->
        Thread {
            for (tap in list) {
                try {
                    queue.tap(tap.getString("task"), tap.getBoolean("done"), tap.getLong("at"))
                } catch (t: Throwable) {
                    errors.add(errorText(t))
                }
            }
        }
    }
    threads.forEach { it.start() }
    threads.forEach { it.join() }
    return ArrayList(errors)
}

fun main(args: Array<String>) {
    if (args.size != 1) {
        java.lang.System.err.println("usage: QueueTesteeMainKt QUEUE-OBJECT-CLASS")
        java.lang.System.exit(2)
    }
    val queue = QueueUnderTest(args[0])
    val out = BufferedOutputStream(FileOutputStream(FileDescriptor.out), 1 shl 16)
    val input = BufferedReader(InputStreamReader(java.lang.System.`in`, Charsets.UTF_8))
    var number = 0
    while (true) {
        val line = input.readLine() ?: break
        number++
        if (line.isBlank()) continue
        val text = try {
            answer(queue, line)
        } catch (t: Throwable) {
            val id = try { JSONObject(line).optString("id", "") } catch (e: Exception) { "" }
            val b = StringBuilder("{\"id\":")
            appendText(b, id)
            b.append(",\"crash\":")
            appendText(b, "bad case: stdin:$number: ${errorText(t)}")
            b.append('}')
            b.toString()
        }
        out.write(text.toByteArray(Charsets.UTF_8))
        out.write('\n'.toInt())
        out.flush()
    }
}
