#pragma once
#include <libexif/exif-data.h>
