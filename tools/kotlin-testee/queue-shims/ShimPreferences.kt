// The preferences behind the queue testee's Context: one map of strings per preferences name,
// seeded from a case's stored slots and read back after it. Commits are atomic and
// synchronized, as SharedPreferencesImpl's are within a process.
package widgetcontract.queue

import android.content.SharedPreferences

class ShimPreferences private constructor() : SharedPreferences {
    private val values = LinkedHashMap<String, String>()

    @Synchronized override fun getString(key: String, defValue: String?): String? = values[key] ?: defValue
    @Synchronized override fun contains(key: String): Boolean = values.containsKey(key)
    @Synchronized override fun getAll(): Map<String, *> = LinkedHashMap(values)

    override fun edit(): SharedPreferences.Editor = object : SharedPreferences.Editor {
        private val puts = LinkedHashMap<String, String?>()
        private var clearFirst = false
        override fun putString(key: String, value: String?): SharedPreferences.Editor { puts[key] = value; return this }
        override fun remove(key: String): SharedPreferences.Editor { puts[key] = null; return this }
        override fun clear(): SharedPreferences.Editor { clearFirst = true; return this }
        override fun commit(): Boolean {
            synchronized(this@ShimPreferences) {
                if (clearFirst) values.clear()
                for ((key, value) in puts) if (value == null) values.remove(key) else values[key] = value
            }
            return true
        }
        override fun apply() { commit() }
    }

    companion object {
        private val stores = LinkedHashMap<String, ShimPreferences>()
        private var seed: Map<String, String> = emptyMap()

        /** The store of that name; the first time it is opened since `reset`, it holds the case's slots. */
        @Synchronized fun named(name: String): ShimPreferences = stores.getOrPut(name) {
            ShimPreferences().also { it.values.putAll(seed) }
        }

        /** Forgets every store; the next opened holds `slots` (key → text): a case's stored slots. */
        @Synchronized fun reset(slots: Map<String, String>) {
            stores.clear()
            seed = LinkedHashMap(slots)
        }

        /** Every key of every store opened since the reset, sorted (the seed, when none was). */
        @Synchronized fun slots(): Map<String, String> {
            val out = java.util.TreeMap<String, String>()
            if (stores.isEmpty()) out.putAll(seed)
            for (store in stores.values) synchronized(store) { out.putAll(store.values) }
            return out
        }
    }
}
