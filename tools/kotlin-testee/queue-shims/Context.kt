// A stand-in for android.content.Context, as much of it as a widget's tap queue calls
// (`context.applicationContext.getSharedPreferences(name, Context.MODE_PRIVATE)`), so that an
// app's queue compiles and runs unedited on a JVM (CONTRACT.md §10.7). Its preferences are the
// harness's case: ShimPreferences holds each case's stored slots.
package android.content

import widgetcontract.queue.ShimPreferences

abstract class Context {
    abstract val applicationContext: Context
    abstract fun getSharedPreferences(name: String, mode: Int): SharedPreferences

    companion object {
        const val MODE_PRIVATE = 0
    }
}

/** The one context of a queue testee: every preferences file is ShimPreferences' store of that name. */
class ShimContext : Context() {
    override val applicationContext: Context get() = this
    override fun getSharedPreferences(name: String, mode: Int): SharedPreferences = ShimPreferences.named(name)
}
