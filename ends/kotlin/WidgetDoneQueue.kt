// WidgetDoneQueue: the Android widget's queue of check-box taps (CONTRACT.md §10), the
// project's own end of the queue contract. Stored in SharedPreferences as the app's queue is
// (the same keys, so either reads what the other wrote), with the project's decisions:
//   - last tap per task wins; a done tap records its time (tapTimes), a second done tap keeps the first's;
//   - each pending tap carries a revision, and the app takes the queue with read() and
//     acknowledge()s it once its changes are durable: only entries no later tap changed are
//     removed (leases). handOff() is the destructive read, for a caller that cannot lease;
//   - a stored value that is the first widget's array of done ids is taken over as done
//     targets (legacyArray); any other value it cannot read is kept aside whole under
//     KEY_UNREADABLE and handed to the app with the next handoff, never thrown away.
// Kotlin 1.3 (Debian's kotlinc 1.3.31); depends on android.content and org.json only.
// API: setTarget(context, taskId, isDone), peek(context), peekDoneTimestamps(context),
//      read(context): Lease?, acknowledge(context, token), handOff(context): Lease?

import android.content.Context
import android.content.SharedPreferences
import org.json.JSONArray
import org.json.JSONObject
import java.util.UUID

/** What the app is handed: the texts its drain reads, the unreadable values kept aside, and the token. */
data class Lease(val targets: String, val times: String, val unreadable: String?, val token: String)

object WidgetDoneQueue {
    private const val PREFS_NAME = "SuperProductivityWidgetDone"
    private const val KEY_DONE_TASKS = "WIDGET_DONE_TASK_IDS"
    private const val KEY_DONE_TIMESTAMPS = "WIDGET_DONE_TASK_TIMESTAMPS"
    private const val KEY_REVISIONS = "WIDGET_DONE_TASK_REVISIONS"
    private const val KEY_UNREADABLE = "WIDGET_DONE_UNREADABLE"

    private fun getPrefs(context: Context): SharedPreferences {
        return context.applicationContext.getSharedPreferences(PREFS_NAME, Context.MODE_PRIVATE)
    }

    /** The pending state as stored: targets, times and revisions, and the unreadable values kept aside. */
    private class Pending(val targets: JSONObject, val times: JSONObject, val revisions: JSONObject, val unreadable: JSONArray)

    /**
     * Reads the queue; a targets value that is neither the object form nor the first version's
     * array is moved to `unreadable` (the caller writes it back with everything else).
     */
    private fun read(prefs: SharedPreferences): Pending {
        val unreadable = prefs.getString(KEY_UNREADABLE, null)?.let {
            try {
                JSONArray(it)
            } catch (e: Exception) {
                JSONArray().put(it)
            }
        } ?: JSONArray()
        val stored = prefs.getString(KEY_DONE_TASKS, null)
        var targets = JSONObject()
        if (stored != null) {
            val read = readTargets(stored)
            if (read != null) targets = read else unreadable.put(stored)
        }
        return Pending(targets, objectOrEmpty(prefs.getString(KEY_DONE_TIMESTAMPS, null)),
            objectOrEmpty(prefs.getString(KEY_REVISIONS, null)), unreadable)
    }

    /** The object form as stored, or the first version's array of done ids as done targets; null for anything else. */
    private fun readTargets(stored: String): JSONObject? {
        val value = try {
            org.json.JSONTokener(stored).nextValue()
        } catch (e: Exception) {
            return null
        }
        if (value is JSONObject) return value
        if (value is JSONArray) {
            val targets = JSONObject()
            for (i in 0 until value.length()) {
                val id = value.opt(i)
                if (id is String) targets.put(id, true)
            }
            return targets
        }
        return null
    }

    private fun objectOrEmpty(text: String?): JSONObject {
        if (text == null) return JSONObject()
        return try {
            JSONObject(text)
        } catch (e: Exception) {
            JSONObject()
        }
    }

    private fun write(prefs: SharedPreferences, pending: Pending) {
        val edit = prefs.edit()
        if (pending.targets.length() == 0) {
            edit.remove(KEY_DONE_TASKS).remove(KEY_DONE_TIMESTAMPS).remove(KEY_REVISIONS)
        } else {
            edit.putString(KEY_DONE_TASKS, pending.targets.toString())
                .putString(KEY_DONE_TIMESTAMPS, pending.times.toString())
                .putString(KEY_REVISIONS, pending.revisions.toString())
        }
        if (pending.unreadable.length() == 0) edit.remove(KEY_UNREADABLE) else edit.putString(KEY_UNREADABLE, pending.unreadable.toString())
        // commit (not apply): the enqueue runs in a short-lived broadcast; the tap must survive a kill.
        edit.commit()
    }

    @Synchronized
    fun setTarget(context: Context, taskId: String, isDone: Boolean) {
        val prefs = getPrefs(context)
        val pending = read(prefs)
        // A done tap on a task whose pending tap is done already keeps that tap's time.
        val doneBefore = pending.targets.opt(taskId) == true && pending.times.optLong(taskId, 0L) > 0L
        pending.targets.put(taskId, isDone)
        if (!isDone) pending.times.remove(taskId) else if (!doneBefore) pending.times.put(taskId, System.currentTimeMillis())
        pending.revisions.put(taskId, UUID.randomUUID().toString())
        write(prefs, pending)
    }

    /** The pending targets, overlaid at render time; values that are not booleans are no targets. */
    @Synchronized
    fun peek(context: Context): Map<String, Boolean> {
        val targets = readTargets(getPrefs(context).getString(KEY_DONE_TASKS, null) ?: return emptyMap()) ?: return emptyMap()
        val out = LinkedHashMap<String, Boolean>()
        for (key in targets.keys()) {
            val value = targets.opt(key)
            if (value is Boolean) out[key] = value
        }
        return out
    }

    /** The times of the pending done taps (positive ones), for the project widget's grace. */
    @Synchronized
    fun peekDoneTimestamps(context: Context): Map<String, Long> {
        val prefs = getPrefs(context)
        val targets = readTargets(prefs.getString(KEY_DONE_TASKS, null) ?: return emptyMap()) ?: return emptyMap()
        val times = objectOrEmpty(prefs.getString(KEY_DONE_TIMESTAMPS, null))
        val out = LinkedHashMap<String, Long>()
        for (key in times.keys()) {
            val ms = times.optLong(key, 0L)
            if (ms > 0L && targets.opt(key) == true) out[key] = ms
        }
        return out
    }

    /** Everything pending, without removing it; null when nothing is. */
    @Synchronized
    fun read(context: Context): Lease? {
        val prefs = getPrefs(context)
        val pending = read(prefs)
        if (pending.unreadable.length() > 0 && prefs.getString(KEY_DONE_TASKS, null).let { it != null && readTargets(it) == null }) {
            write(prefs, pending) // the unreadable value is kept aside before it is handed over
        }
        if (pending.targets.length() == 0 && pending.unreadable.length() == 0) return null
        val leased = JSONObject()
        for (key in pending.targets.keys()) leased.put(key, pending.revisions.optString(key, ""))
        val token = JSONObject().put("revisions", leased)
            .put("unreadable", if (pending.unreadable.length() == 0) JSONObject.NULL else pending.unreadable.toString())
        val times = JSONObject()
        for (key in pending.times.keys()) if (pending.targets.opt(key) == true) times.put(key, pending.times.opt(key))
        return Lease(pending.targets.toString(), times.toString(),
            if (pending.unreadable.length() == 0) null else pending.unreadable.toString(), token.toString())
    }

    /** Removes what the lease handed over, except each task tapped again since (its revision changed). */
    @Synchronized
    fun acknowledge(context: Context, token: String) {
        val prefs = getPrefs(context)
        val pending = read(prefs)
        val lease = JSONObject(token)
        val leased = lease.getJSONObject("revisions")
        for (key in leased.keys()) {
            if (pending.targets.has(key) && pending.revisions.optString(key, "") == leased.getString(key)) {
                pending.targets.remove(key)
                pending.times.remove(key)
                pending.revisions.remove(key)
            }
        }
        val handed = if (lease.isNull("unreadable")) null else lease.getString("unreadable")
        if (handed != null && handed == pending.unreadable.toString()) {
            write(prefs, Pending(pending.targets, pending.times, pending.revisions, JSONArray()))
        } else {
            write(prefs, pending)
        }
    }

    /** The destructive read: everything pending, removed at once; null when nothing is. */
    @Synchronized
    fun handOff(context: Context): Lease? {
        val lease = read(context) ?: return null
        acknowledge(context, lease.token)
        return lease
    }
}
