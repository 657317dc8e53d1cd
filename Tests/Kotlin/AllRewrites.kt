// Every rewrite and compat shim of tools/kotlin-testee/downlevel in one file: scripts/test down-levels it
// and compiles the copy with kotlinc 1.3.31, so a shim or rewrite that 1.3 rejects fails the build.
package com.example.shims

import kotlin.jvm.JvmInline

@JvmInline
value class TaskId(val raw: String)

fun interface Clock { fun now(): Long }

sealed interface H { data object A : H; data class B(val x: Int,) : H }

fun result(x: Int): Result<Int> = runCatching { x }

fun all(xs: MutableList<Int>, s: String, c: Char): List<Any> = buildList {
    add(s.lowercase()); add(s.uppercase()); add(c.lowercase()); add(c.uppercase())
    add(c.lowercaseChar()); add(c.uppercaseChar()); add(c.code); add('7'.digitToInt()); add(c.digitToIntOrNull() ?: -1)
    add(xs.removeFirst()); add(xs.removeLast()); add(xs.removeFirstOrNull() ?: 0); add(xs.removeLastOrNull() ?: 0)
    add(buildMap<String, Int> { put("a", 1) }); add(xs.maxOrNull() ?: 0); add(xs.minOrNull() ?: 0); add(xs.sumOf { it * 2 })
    add(TaskId("t").raw); add(object : Clock { override fun now() = 1L }.now()); add(result(3).getOrThrow())
    for (x in xs) { when (x) { 1 -> continue; 2 -> break; else -> add(x) } }
}
