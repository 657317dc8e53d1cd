// OrgJsonProbe: prints what Android's own org.json (Debian's libandroid-json-java,
// /usr/share/java/com.android.json.jar) and the JDK's SimpleDateFormat actually do
// for the inputs the WidgetContract cares about. Run it with docs/evidence/orgjson-probe/run,
// which saves the output as ORGJSON-FACTS.txt. Kotlin 1.3 (Debian's kotlinc 1.3.31).
//
// Every line shows its input in a display form: ASCII printable characters as
// themselves, everything else as \uXXXX (upper-case hex, UTF-16 code units), so
// lone surrogates, NULs, BOMs and non-ASCII digits are visible.
//
// Modes: no argument = the fact sheet; "depth" = StackOverflowError depths (run in
// a fresh JVM by the run script, since JIT state changes the answer).

import org.json.JSONArray
import org.json.JSONException
import org.json.JSONObject
import java.text.ParseException
import java.text.SimpleDateFormat
import java.util.Locale
import java.util.TimeZone

fun show(s: String?): String {
    if (s == null) return "<java null>"
    val b = StringBuilder("\"")
    for (c in s) {
        when {
            c == '"' -> b.append("\\\"")
            c == '\\' -> b.append("\\\\")
            c.toInt() in 0x20..0x7e -> b.append(c)
            else -> {
                val h = Integer.toHexString(c.toInt()).toUpperCase(Locale.ROOT)
                b.append("\\u").append("0000".substring(h.length)).append(h)
            }
        }
    }
    return b.append('"').toString()
}

fun err(t: Throwable): String = "THROWS " + t.javaClass.name + ": " + show(t.message)

fun kind(v: Any?): String = when (v) {
    null -> "absent(java null)"
    JSONObject.NULL -> "JSONObject.NULL"
    is String -> "String " + show(v)
    is JSONObject, is JSONArray -> v.javaClass.simpleName
    else -> v.javaClass.simpleName + " " + v.toString()
}

inline fun attempt(f: () -> String): String = try { f() } catch (t: Throwable) { err(t) }

fun section(title: String) {
    println()
    println("== " + title)
}

// ---- 1. accessors on {"k": <literal>} ---------------------------------------
val literals = listOf(
    "1", "1.0", "1.5", "-1.5", "0.9999999999", "-0", "-0.0", "100", "1e0", "1E2", "1e-5", "0.001", "0.0001",
    "1234567.0", "12345678.0", "1e7", "1e20", "1e23", "2.82879384806159E17", "5e-324", "0.1", "1.0E-4",
    "2147483647", "2147483648", "-2147483649", "4294967297", "4294967296",
    "9007199254740993", "9223372036854775807", "9223372036854775808", "-9223372036854775808",
    "-9223372036854775809", "99999999999999999999", "-99999999999999999999",
    "1784325600000", "1784325600000.9", "-1784325600000", "-5",
    "true", "false", "TRUE", "True", "null", "NULL", "Null",
    "\"1\"", "\" 1 \"", "\"\\t1\\n\"", "\"1f\"", "\"1d\"", "\"1.5\"", "\"0x1p0\"", "\"0x1\"", "\"1e0\"", "\"+1\"",
    "\"-1\"", "\"1_000\"", "\"1,5\"", "\"\u0661\"", "\"NaN\"", "\"Infinity\"", "\"-Infinity\"", "\"1e400\"",
    "\"4294967297\"", "\"9007199254740993\"", "\"99999999999999999999\"", "\"1784325600000\"",
    "\"1784325600000.9\"", "\"-1784325600000\"", "\"\"", "\"abc\"",
    "\"true\"", "\"TRUE\"", "\"True\"", "\"tRuE\"", "\"yes\"", "\"1\"", "\" true\"", "\"false\"", "\"fal\u017fe\"",
    "\"null\"", "\"a/b\"", "\"a\\/b\"", "\"\\u0000\"", "\"\\ud800\"", "\"\\ud83d\\ude00\"",
    "0x10", "0X1f", "010", "08", "+1", ".5", "5.", "abc", "NaN", "Infinity", "-Infinity", "1e400",
    "{}", "[]", "{\"b\":1,\"a\":2}", "{\"b\":1,\"a\":[1,\"x/y\",null],\"b\":2}",
    "[\"a\\\"b\\\\c/d\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\\u2028\\u00e9\"]",
    "[1.0,-0.0,-0,1e20,1.5,100,9223372036854775808,0.1,1e-5,12345678.0,2.82879384806159E17]",
    "[1,]", "[,]", "[NaN]", "[Infinity]", "{\"x\":[NaN]}", "[1e400]", "[0x10,010,08,+1,abc,TRUE]",
    "{\"\\u0000\":\"\\u0000\",\"\\ud800\":\"\\udc00\"}"
)

fun accessorTable() {
    section("1. accessors on {\"k\": L}  (optInt(k,-1) | optLong(k,0) | optBoolean(k,false) | getString(k) | optString(k) | isNull(k) | opt(k) kind)")
    for (lit in literals) {
        val text = "{\"k\":$lit}"
        val o = try { JSONObject(text) } catch (t: Throwable) {
            println("L=${show(lit)}: JSONObject(text) ${err(t)}")
            continue
        }
        val parts = listOf(
            "optInt=" + attempt { o.optInt("k", -1).toString() },
            "optLong=" + attempt { o.optLong("k", 0L).toString() },
            "optBoolean=" + attempt { o.optBoolean("k", false).toString() },
            "getString=" + attempt { show(o.getString("k")) },
            "optString=" + attempt { show(o.optString("k")) },
            "isNull=" + attempt { o.isNull("k").toString() },
            "opt=" + attempt { kind(o.opt("k")) }
        )
        println("L=${show(lit)}: " + parts.joinToString(" | "))
    }
}

// ---- 2. missing keys, optJSONArray / optJSONObject / getJSONObject ----------
fun missingAndContainers() {
    section("2. missing keys and container accessors")
    val o = JSONObject("{\"n\":null,\"s\":\"null\",\"arrStr\":\"[]\",\"objStr\":\"{}\",\"a\":[{}],\"o\":{}}")
    println("missing: isNull=${o.isNull("zz")} optString=${show(o.optString("zz"))} optInt(-1)=${o.optInt("zz", -1)} optLong(0)=${o.optLong("zz", 0)} optBoolean=${o.optBoolean("zz", false)} getString=${attempt { show(o.getString("zz")) }}")
    println("null: isNull=${o.isNull("n")} optString=${show(o.optString("n"))} getString=${attempt { show(o.getString("n")) }}")
    println("\"null\" string: isNull=${o.isNull("s")} optString=${show(o.optString("s"))}")
    for (k in listOf("arrStr", "objStr", "a", "o", "n", "zz")) {
        println("optJSONArray($k)=${attempt { o.optJSONArray(k)?.toString() ?: "<null>" }} optJSONObject($k)=${attempt { o.optJSONObject(k)?.toString() ?: "<null>" }}")
    }
    val arrays = listOf("[{\"x\":1}]", "[null]", "[,]", "[1,]", "[\"{}\"]", "[[]]", "[1]", "[true]")
    for (a in arrays) {
        val arr = JSONObject("{\"t\":$a}").getJSONArray("t")
        println("array ${show(a)}: length=${arr.length()} toString=${show(arr.toString())} getJSONObject(0)=${attempt { arr.getJSONObject(0).toString() }} getJSONObject(length)=${attempt { arr.getJSONObject(arr.length()).toString() }}")
    }
}

// ---- 3. duplicate keys -------------------------------------------------------
fun duplicates() {
    section("3. duplicate keys (which value, which position)")
    for (t in listOf("{\"a\":1,\"b\":2,\"a\":3}", "{\"a\":1,\"a\":null}", "{\"a\":null,\"a\":1}",
            "{\"v\":1,\"v\":2}", "{\"v\":2,\"v\":1}", "{\"a\":{\"x\":1},\"a\":{\"y\":2}}")) {
        println("${show(t)} -> ${attempt { val o = JSONObject(t); "toString=" + show(o.toString()) + " keys=" + o.names() }}")
    }
}

// ---- 4. what the parser accepts ----------------------------------------------
val parserInputs = listOf(
    "{\"a\":1}", " \t\r\n{\"a\":1} \t\r\n", "{\"a\":1}\u000c", "\u000c{\"a\":1}", "\u000b{\"a\":1}", "\u00a0{\"a\":1}",
    "{\"a\":1} // comment", "{\"a\":1 // comment\n}", "{/* c */\"a\":1}", "{\"a\":1} /* open", "{\"a\":1 # hash\n}", "# hash\n{\"a\":1}",
    "{'a':'b'}", "{\"a\":'it\"s'}", "{a:1}", "{a b:1}", "{\"a\"=1}", "{\"a\"=>1}", "{\"a\":1;\"b\":2}", "{\"a\"::1}",
    "\ufeff{\"a\":1}", "\ufeff\ufeff{\"a\":1}", " \ufeff{\"a\":1}",
    "{\"a\":1}garbage", "{\"a\":1}}", "{\"a\":1} {\"b\":2}", "{\"a\":1}\u0000", "{\"a\":1}]",
    "{\"a\":[1,]}", "{\"a\":[1,,2]}", "{\"a\":[,]}", "{\"a\":[;]}", "{\"a\":[1;2]}", "{\"a\":1,}", "{,}", "{\"a\":1,,\"b\":2}",
    "{\"a\":NaN}", "{\"a\":-NaN}", "{\"a\":[NaN]}", "{\"a\":Infinity}", "{\"a\":-Infinity}", "{\"a\":[Infinity]}",
    "{\"a\":1e400}", "{\"a\":-1e400}", "{\"a\":[1e400]}", "{\"a\":1e-400}",
    "{\"a\":0x1F}", "{\"a\":0X1f}", "{\"a\":-0x1F}", "{\"a\":0x}", "{\"a\":0x1p3}", "{\"a\":010}", "{\"a\":-010}", "{\"a\":08}", "{\"a\":0}", "{\"a\":00}",
    "{\"a\":+1}", "{\"a\":-}", "{\"a\":.5}", "{\"a\":5.}", "{\"a\":1.5e}", "{\"a\":1f}", "{\"a\":1d}", "{\"a\":1_0}",
    "{\"a\":TRUE}", "{\"a\":Null}", "{\"a\":abc}", "{\"a\":a\"b}",
    "{\"a\":\"x\\qy\"}", "{\"a\":\"x\\'y\"}", "{\"a\":\"x\\vy\"}", "{\"a\":\"x\\0y\"}", "{\"a\":\"\\u+041\"}", "{\"a\":\"\\u-041\"}", "{\"a\":\"\\uZZZZ\"}", "{\"a\":\"\\u41\"}", "{\"a\":\"\\U0041\"}",
    "{\"a\":\"raw\ttab\"}", "{\"a\":\"raw\u0000nul\"}", "{\"a\":\"raw\nnewline\"}", "{\"a\":\"\\ud800\"}", "{\"a\":\"\\udc00\\ud800\"}",
    "{\"a\":\"\\ud800\\u0041\"}", "{\"a\":\"\\ud83d\\ude00\"}", "{\"a\":\"\\u0000\"}", "{\"a\":\"\ud83d\ude00\"}",
    "{\"a\":\"x\"", "{\"a\":\"x", "{\"a\"", "{", "", "   ", "[]", "[{\"a\":1}]", "\"str\"", "1", "null", "true",
    "{\"a\" 1}", "{\"a\":1 \"b\":2}", "{1:2}", "{null:1}", "{true:1}", "{\"\":1}", "{\"a\":{\"b\":}}", "{\"a\":}", "{:1}",
    "{\"a\":1}\n{\"b\":2}", "{\"a\":'it''s'}", "{\"a\":\"\u2028\"}"
)

fun parser() {
    section("4. JSONObject(String): accepted (-> compact toString) or rejected")
    for (t in parserInputs) {
        println("${show(t)} -> ${attempt { "OK " + show(JSONObject(t).toString()) }}")
    }
}

// ---- 5. stack depth ------------------------------------------------------------
// depth = number of arrays/objects nested inside the top-level object {"a": ...}
// (so the whole text has depth + 1 containers); the innermost value is 1.
fun nested(depth: Int, open: String, close: String): String {
    val b = StringBuilder(depth * (open.length + close.length) + 8)
    b.append("{\"a\":")
    for (i in 0 until depth) b.append(open)
    b.append('1')
    for (i in 0 until depth) b.append(close)
    b.append('}')
    return b.toString()
}

fun outcome(text: String): String = try { JSONObject(text); "ok" } catch (e: StackOverflowError) { "StackOverflowError" } catch (t: Throwable) { t.javaClass.simpleName }

fun firstFailure(open: String, close: String): Int {
    var lo = 1; var hi = 1
    while (outcome(nested(hi, open, close)) == "ok") { lo = hi; hi *= 2; if (hi > 1 shl 24) return -1 }
    while (hi - lo > 1) { val mid = (lo + hi) / 2; if (outcome(nested(mid, open, close)) == "ok") lo = mid else hi = mid }
    return hi
}

fun depth(label: String) {
    section("9. nesting depth on the default (main) thread, one fresh JVM, -Xss1m, " + label + ", " + System.getProperty("java.vm.name") + " " + System.getProperty("java.runtime.version"))
    println("(depth N = N arrays/objects inside the top-level object, i.e. N+1 containers in all)")
    for (d in listOf(2047, 2048, 3000)) {
        println("arrays depth $d (cold): " + outcome(nested(d, "[", "]")) + "; objects depth $d (cold): " + outcome(nested(d, "{\"a\":", "}")))
    }
    println("first failing depth, arrays  [[[...]]]  (binary search, cold->warming): " + firstFailure("[", "]"))
    println("first failing depth, objects {\"a\":{...}} (binary search): " + firstFailure("{\"a\":", "}"))
    for (i in 0 until 3000) JSONObject(nested(200, "[", "]"))
    println("after warm-up (3000 parses of depth 200): first failing depth, arrays: " + firstFailure("[", "]") + ", objects: " + firstFailure("{\"a\":", "}"))
    for (d in listOf(2047, 2048, 10000, 100000, 1000000)) {
        println("arrays depth $d (warm): " + outcome(nested(d, "[", "]")) + "; objects depth $d: " + outcome(nested(d, "{\"a\":", "}")))
    }
    println("unterminated depth 100000 '[' only: " + outcome("{\"a\":" + "[".repeat(100000)))
}

// ---- 6. SimpleDateFormat --------------------------------------------------------
fun dayStrToMs(dayStr: String): String {
    val fmt = SimpleDateFormat("yyyy-MM-dd", Locale.US)
    fmt.isLenient = false
    return try {
        val d = fmt.parse(dayStr)
        val back = fmt.format(d)
        val utc = SimpleDateFormat("yyyy-MM-dd'T'HH:mm:ss.SSS'Z' G", Locale.US)
        utc.timeZone = TimeZone.getTimeZone("UTC")
        val gutc = java.time.Instant.ofEpochMilli(d.time).toString()
        "parse ok: ms=${d.time} (java.time UTC ${gutc}; Julian-aware UTC ${utc.format(d)}) formatsBackTo=${show(back)} -> ${if (back == dayStr) "ACCEPTED ${d.time}" else "REJECTED (null)"}"
    } catch (e: ParseException) {
        "ParseException ${show(e.message)} at ${e.errorOffset} -> REJECTED (null)"
    } catch (t: Throwable) {
        err(t)
    }
}

fun dates() {
    section("6a. SimpleDateFormat(\"yyyy-MM-dd\", Locale.US), isLenient=false, default zone set per line; accepted only if format(parse(s)) == s")
    val saved = TimeZone.getDefault()
    val inputs = listOf(
        "2026-07-17", "2026-02-28", "2026-02-29", "2026-02-30", "2024-02-29", "2026-7-17", "2026-07-7", "2026-07-17garbage",
        " 2026-07-17", "2026-07-17 ", "\t2026-07-17", "+2026-07-17", "-2026-07-17", "2026-+7-17", "2026-07-+7", "2026-13-01", "2026-00-10", "2026-07-00", "2026-07-32",
        "0000-01-01", "0001-01-01", "0099-01-01", "99-01-01", "1582-10-04", "1582-10-10", "1582-10-15", "1600-03-01", "1970-01-01",
        "9999-12-31", "10000-01-01", "02026-07-17",
        "\u0662\u0660\u0662\u0666-\u0660\u0667-\u0661\u0667", "\uff12\uff10\uff12\uff16-\uff10\uff17-\uff11\uff17", "2026\u201007\u201017", "", "2026-07"
    )
    TimeZone.setDefault(TimeZone.getTimeZone("Europe/Berlin"))
    for (s in inputs) println("Europe/Berlin ${show(s)}: ${dayStrToMs(s)}")
    for (z in listOf("America/Sao_Paulo", "America/Los_Angeles", "Europe/Berlin", "UTC")) {
        TimeZone.setDefault(TimeZone.getTimeZone(z))
        for (s in listOf("2018-11-04", "2026-07-17", "2026-03-08", "2026-03-29")) println("$z ${show(s)}: ${dayStrToMs(s)}")
    }
    TimeZone.setDefault(TimeZone.getTimeZone("America/Sao_Paulo"))
    val f = SimpleDateFormat("yyyy-MM-dd HH:mm:ss z", Locale.US)
    println("America/Sao_Paulo local rendering of 2018-11-04 result: " + f.format(SimpleDateFormat("yyyy-MM-dd", Locale.US).apply { isLenient = false }.parse("2018-11-04")))
    println("TimeZone.getTimeZone(\"Not/AZone\").id = " + TimeZone.getTimeZone("Not/AZone").id + "; getTimeZone(\"US/Pacific\").id = " + TimeZone.getTimeZone("US/Pacific").id)
    TimeZone.setDefault(saved)
}

// ---- 7. JDK Double.toString vs shortest round-trip -----------------------------
fun doubles() {
    section("6b. JDK Double.toString (what getString/optString give for a double)")
    for (d in listOf(1.0, 1.5, -0.0, 100.0, 1e-5, 1e-3, 1e-4, 1234567.0, 12345678.0, 1e7, 1e20, 1e23, 2.82879384806159E17, 5e-324, 1.0E21, 0.1 + 0.2, 2.0E-3, 9.223372036854775807E18,
            1e-323, 1.5e-323, 2e-323, 5e-323, 6e-323, 1e-322, 2.225073858507201E-308, 2.2250738585072014E-308, 1.7976931348623157E308,
            9.999999999999998E-4, 9999999.999999998, 9007199254740993.0)) {
        println("Double.toString(${java.math.BigDecimal(d).toPlainString().take(40)}) = ${java.lang.Double.toString(d)}")
    }
    println("numberToString(9.223372036854775808E18) = " + JSONObject.numberToString(9.223372036854775808E18) + "; numberToString(-0.0) = " + JSONObject.numberToString(-0.0) + "; numberToString(1e20) = " + JSONObject.numberToString(1e20))
}

fun main(args: Array<String>) {
    if (args.isNotEmpty() && args[0] == "depth") { depth(args.drop(1).joinToString(" ")); return }
    println("OrgJsonProbe: Android org.json from the classpath (" + JSONObject::class.java.protectionDomain.codeSource?.location + ")")
    println("java.runtime.version=" + System.getProperty("java.runtime.version"))
    accessorTable()
    missingAndContainers()
    duplicates()
    parser()
    dates()
    doubles()
    caseFolding()
    zoneDays()
    lmtDays()
    unprintable()
}

// ---- 6c. SimpleDateFormat on days around zone transitions (CONTRACT §4) ----------
fun zoneDays() {
    section("6c. dayStrToMs on zone-transition days (JDK tzdb " + java.time.zone.ZoneRulesProvider.getVersions("UTC").lastKey() + "); local = the result in the zone")
    val saved = TimeZone.getDefault()
    val days = listOf(
        "Pacific/Apia" to listOf("2011-12-29", "2011-12-30", "2011-12-31"),
        "Pacific/Kiritimati" to listOf("1994-12-30", "1994-12-31", "1995-01-01"),
        "Pacific/Kwajalein" to listOf("1993-08-21"),
        "Africa/Tunis" to listOf("1990-09-30"),
        "America/Havana" to listOf("2026-03-08", "2026-11-01"),
        "Asia/Colombo" to listOf("2006-04-15"),
        "Europe/Dublin" to listOf("2037-10-25"),
        "America/Sao_Paulo" to listOf("2018-11-04")
    )
    for ((zone, list) in days) {
        TimeZone.setDefault(TimeZone.getTimeZone(zone))
        val local = SimpleDateFormat("yyyy-MM-dd HH:mm:ss.SSS Z", Locale.US)
        for (s in list) {
            val fmt = SimpleDateFormat("yyyy-MM-dd", Locale.US)
            fmt.isLenient = false
            val text = try {
                val d = fmt.parse(s)
                if (fmt.format(d) == s) "ACCEPTED ${d.time} (local ${local.format(d)})" else "REJECTED (formats back to ${fmt.format(d)})"
            } catch (e: ParseException) {
                "ParseException -> REJECTED (null)"
            }
            println("$zone ${show(s)}: $text")
        }
    }
    TimeZone.setDefault(saved)
}

// ---- 6d. days before a zone's first transition (LMT) and around 1900 (CONTRACT §4, D8) --------
fun lmtDays() {
    section("6d. dayStrToMs before 1900 (java.util.TimeZone, what SimpleDateFormat reads) vs java.time's ZoneRules (full tzdb); offsets in seconds")
    val saved = TimeZone.getDefault()
    val zones = listOf("America/Los_Angeles", "Europe/Berlin", "America/Sao_Paulo", "Asia/Kolkata")
    val days = listOf("1582-10-15", "1800-01-01", "1883-11-18", "1883-11-19", "1893-04-01", "1899-12-31", "1900-01-01", "1900-01-02", "1914-01-01")
    for (zone in zones) {
        TimeZone.setDefault(TimeZone.getTimeZone(zone))
        println("$zone: raw offset ${TimeZone.getDefault().rawOffset / 1000}")
        for (s in days) {
            val fmt = SimpleDateFormat("yyyy-MM-dd", Locale.US)
            fmt.isLenient = false
            val utcMidnight = java.time.LocalDate.parse(s).toEpochDay() * 86_400_000L
            val full = java.time.LocalDate.parse(s).atStartOfDay(java.time.ZoneId.of(zone)).toInstant().toEpochMilli()
            val legacy = try { fmt.parse(s).time } catch (e: ParseException) { null }
            val note = if (legacy == full) "same" else "DIFFERS"
            println("  ${show(s)}: TimeZone ${legacy} (offset ${legacy?.let { (utcMidnight - it) / 1000 }}) | java.time ${full} (offset ${(utcMidnight - full) / 1000}) $note")
        }
    }
    TimeZone.setDefault(saved)
}

// ---- 10. values org.json keeps but cannot print (D6) --------------------------------
fun unprintable() {
    section("10. a value org.json keeps but cannot print: optString(k) | optString(k, null) | getString(k)")
    for (text in listOf("{\"k\":[1e400]}", "{\"k\":{\"a\":[1e400]}}", "{\"k\":[1]}")) {
        val o = JSONObject(text)
        println("${show(text)}: optString=${attempt { show(o.optString("k")) }} | optString(k,null)=${attempt { show(o.optString("k", null)) }} | getString=${attempt { show(o.getString("k")) }}")
    }
}

// ---- 8. optBoolean's equalsIgnoreCase beyond ASCII --------------------------------------
fun caseFolding() {
    section("8. optBoolean uses String.equalsIgnoreCase (Unicode case folding): every non-ASCII char that can replace one letter of true/false")
    for (word in listOf("true", "false")) {
        val hits = ArrayList<String>()
        for (pos in word.indices) for (c in 0x80..0xffff) {
            val cand = word.substring(0, pos) + c.toChar() + word.substring(pos + 1)
            if (word.equals(cand, ignoreCase = true) != cand.equals(word, ignoreCase = true)) hits.add("asymmetric " + show(cand))
            if (JSONObject().put("k", cand).optBoolean("k", word == "false") == (word == "true")) hits.add(show(cand))
        }
        println("$word: " + (if (hits.isEmpty()) "none" else hits.joinToString(", ")))
    }
}
