/* Civil-day arithmetic in the proleptic Gregorian calendar: what both day strings
 * (days.c) and zone rules (tzif.c) count with. Private to ReferenceDecoder; depends
 * on nothing else in it, so the call graph runs days.c -> tzif.c -> civil.c one way. */
#ifndef RD_CIVIL_H
#define RD_CIVIL_H

#include <stdint.h>

int rd_is_leap(int64_t y);
/* m is 1-12. */
int rd_days_in_month(int64_t y, int m);
/* Days from 1970-01-01 to y-m-d. */
int64_t rd_days_from_civil(int64_t y, int m, int d);
/* The y-m-d of day z (days from 1970-01-01). */
void rd_civil_from_days(int64_t z, int64_t *y, int *m, int *d);

#endif
