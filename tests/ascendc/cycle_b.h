#include "cycle_a.h"
int cycle_b;
