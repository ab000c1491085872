// cycle_a.h includes cycle_b.h, which includes cycle_a.h
#include "cycle_b.h"
int cycle_a;
