// The clock a queue under test reads: the tap's instant from the case. A queue calling
// System.currentTimeMillis() reads it through the `System` object the queue compile adds to the
// queue's own package (a name in the same package comes before java.lang's), so the app's file
// stays unedited; one value per thread, since two writers tap at once.
package widgetcontract.queue

object QueueTapClock {
    private val now = ThreadLocal<Long>()

    fun set(ms: Long) = now.set(ms)

    fun now(): Long = now.get() ?: java.lang.System.currentTimeMillis()
}
