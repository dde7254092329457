// glibc's malloc tuning (mallopt), which Swift's Glibc module does not include.
#pragma once
#include <malloc.h>
