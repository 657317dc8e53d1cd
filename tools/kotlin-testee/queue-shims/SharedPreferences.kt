// A stand-in for android.content.SharedPreferences with Android's semantics for the calls a tap
// queue makes: getString of a key (null when absent), an Editor whose putString/remove calls
// take effect together at commit() (or apply()), in memory (CONTRACT.md §10.7).
package android.content

interface SharedPreferences {
    fun getString(key: String, defValue: String?): String?
    fun contains(key: String): Boolean
    fun getAll(): Map<String, *>
    fun edit(): Editor

    interface Editor {
        fun putString(key: String, value: String?): Editor
        fun remove(key: String): Editor
        fun clear(): Editor
        fun commit(): Boolean
        fun apply()
    }
}
