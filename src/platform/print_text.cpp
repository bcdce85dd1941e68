#include "platform/print_text.h"

#include <climits>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

// Contents
// [SECTION] Output: where the text goes, and one conversion's field with its padding
// [SECTION] Arguments: integers of each length, long double
// [SECTION] Numbers: the exact decimal digits of a double, rounded
// [SECTION] FormatTextV

namespace platform {
namespace {

// [SECTION] Output

// Where the text goes: the first size - 1 bytes land in `out`; `length` counts every byte.
struct Sink {
  char* out;
  size_t size;
  size_t length = 0;
  bool upper = false;  // for %X %E %F %G: letters are written in upper case

  void Put(char c) {
    if (upper && c >= 'a') c = static_cast<char>(c - ('a' - 'A'));
    if (length + 1 < size) out[length] = c;
    ++length;
  }
  void Repeat(char c, int count) {
    for (; count > 0; --count) Put(c);
  }
  void Write(const char* text) {
    for (; *text != '\0'; ++text) Put(*text);
  }
};

// The flags, each a bit at its character's place in kFlagCharacters.
constexpr char kFlagCharacters[] = "-+ #0'";
constexpr int kLeft = 1, kPlus = 2, kSpace = 4, kAlternate = 8, kZero = 16;

// Widths and precisions are held below this, so that no sum of them overflows an int.
constexpr int kMaxCount = INT_MAX / 16;

// What one conversion writes: padding, a sign, "0x", zeros when the '0' flag pads, then the body
// and the suffix (an exponent), then padding when left-justified. The body is the characters at
// positions begin .. end - 1 of `text`, where a position outside the text reads as '0' (an
// integer's leading zeros from its precision, the zeros a float needs around its digits), with a
// '.' before position `point`.
struct Field {
  const char* text = "";
  int text_length = 0;
  int begin = 0;
  int end = 0;
  int point = INT_MIN;  // INT_MIN: no '.'
  char suffix[6] = {};
  bool negative = false;
  bool is_signed = false;  // a number the '+' and ' ' flags give a sign
  bool hex_prefix = false;
  bool zero_pad = false;  // the '0' flag applies to this conversion
};

void Emit(Sink& sink, int flags, int width, const Field& field) {
  char sign = field.negative ? '-' : '\0';
  if (!field.negative && field.is_signed && (flags & (kPlus | kSpace)) != 0) sign = (flags & kPlus) != 0 ? '+' : ' ';
  const bool has_point = field.begin <= field.point && field.point <= field.end;
  const int length = static_cast<int>(std::strlen(field.suffix)) + (sign != '\0' ? 1 : 0) + (field.hex_prefix ? 2 : 0) +
                     field.end - field.begin + (has_point ? 1 : 0);
  const int padding = width - length;
  const bool zeros = field.zero_pad && (flags & (kZero | kLeft)) == kZero;
  if ((flags & kLeft) == 0 && !zeros) sink.Repeat(' ', padding);
  if (sign != '\0') sink.Put(sign);
  if (field.hex_prefix) sink.Write("0x");
  if (zeros) sink.Repeat('0', padding);
  for (int i = field.begin;; ++i) {
    if (i == field.point) sink.Put('.');
    if (i >= field.end) break;
    sink.Put(i >= 0 && i < field.text_length ? field.text[i] : '0');
  }
  sink.Write(field.suffix);
  sink.upper = false;
  if ((flags & kLeft) != 0) sink.Repeat(' ', padding);
}

// [SECTION] Arguments

// The length modifiers and the width in bits of the integer argument each gives (hh and ll, the
// doubled h and l, give 8 and 64). L on an integer is ll in glibc.
constexpr char kLengthCharacters[] = "hljztL";
constexpr unsigned char kLengthBits[] = {sizeof(short) * CHAR_BIT,     sizeof(long) * CHAR_BIT,
                                         sizeof(intmax_t) * CHAR_BIT,  sizeof(size_t) * CHAR_BIT,
                                         sizeof(ptrdiff_t) * CHAR_BIT, sizeof(long long) * CHAR_BIT};
static_assert(sizeof(int) == 4 && sizeof(long long) == 8, "integers of 32 and 64 bits");

// An integer argument `bits` wide, widened to 64 bits: sign-extended when signed. char and short
// arrive as int and print converted back to their own type. An argument is read as the unsigned
// type of its size (calling conventions pass the integers of one size alike).
unsigned long long ReadInteger(va_list* args, int bits, bool is_signed) {
  unsigned long long value = bits > 32 ? va_arg(*args, unsigned long long) : va_arg(*args, unsigned);
  const int unused = 64 - bits;
  value <<= unused;
  return is_signed ? static_cast<unsigned long long>(static_cast<long long>(value) >> unused) : value >> unused;
}

double ReadLongDouble(va_list* args) {
  const long double value = va_arg(*args, long double);
  if constexpr (std::numeric_limits<long double>::digits == 113) {
    // binary128 (wasm): a cast would link the C library's software conversion.
    uint64_t halves[2];
    std::memcpy(halves, &value, sizeof halves);
    return Binary128ToDouble(halves[0], halves[1]);
  } else {
    return static_cast<double>(value);  // double itself, or x87's 80 bits: a machine instruction
  }
}

// A width or precision: digits, or '*' for the next int argument (which may be negative).
int ReadCount(const char*& f, va_list* args) {
  int count = 0;
  if (*f == '*') {
    ++f;
    count = va_arg(*args, int);
  } else {
    for (; *f >= '0' && *f <= '9'; ++f) {
      count = count * 10 + (*f - '0');
      if (count > kMaxCount) count = kMaxCount;
    }
  }
  return count < -kMaxCount ? -kMaxCount : count > kMaxCount ? kMaxCount : count;
}

// [SECTION] Numbers

// A double is m * 2^e with an integer m below 2^53 and e from -1074 to 971. For e < 0 it equals
// m * 5^-e / 10^-e, so its decimal digits are those of the integer m * 5^-e (at most 767 of
// them), with the point -e places from the right; for e >= 0 those of the integer m * 2^e (at
// most 309).
constexpr int kMaxDigits = 800;

// The exponent of %e: a sign and at least two digits.
void WriteExponent(char* suffix, int exponent) {
  suffix[0] = 'e';
  suffix[1] = exponent < 0 ? '-' : '+';
  unsigned magnitude = static_cast<unsigned>(exponent < 0 ? -exponent : exponent);
  for (char* digit = suffix + (magnitude >= 100 ? 5 : 4); digit != suffix + 2; magnitude /= 10) {
    *--digit = static_cast<char>('0' + magnitude % 10);
  }
}

// %f %e %g of a finite double given as its biased exponent and fraction bits. Its digits are
// written to the end of `buffer` (kMaxDigits long).
void FormatDecimal(Field& field, char* buffer, int biased, uint64_t fraction, char conversion, int precision,
                   int flags) {
  char* const end = buffer + kMaxDigits;
  char* first = end;
  int point = 1;  // how many digits precede the decimal point (zero, as "0", has one)
  if (biased != 0 || fraction != 0) {
    uint64_t mantissa = biased != 0 ? fraction | (uint64_t{1} << 52) : fraction;
    int exponent = (biased != 0 ? biased : 1) - 1075;
    for (; (mantissa & 1) == 0; mantissa >>= 1) ++exponent;
    // Multiplies the decimal integer by 5 or 2 up to 25 times a pass (9 * 5^25 fits in 64 bits);
    // the first pass writes the mantissa's digits.
    const uint64_t factor = exponent < 0 ? 5 : 2;
    uint64_t carry = mantissa;
    for (int left = exponent < 0 ? -exponent : exponent;;) {
      for (; carry != 0; carry /= 10) *--first = static_cast<char>('0' + carry % 10);
      if (left == 0) break;
      uint64_t multiplier = 1;
      for (int i = 0; i < 25 && left > 0; ++i, --left) multiplier *= factor;
      for (char* digit = end; digit != first;) {
        --digit;
        carry += static_cast<uint64_t>(*digit - '0') * multiplier;
        *digit = static_cast<char>('0' + carry % 10);
        carry /= 10;
      }
    }
    point = static_cast<int>(end - first) + (exponent < 0 ? exponent : 0);
  }
  int n = static_cast<int>(end - first);
  while (n > 0 && first[n - 1] == '0') --n;

  // Rounds to the first `keep` digits, to nearest with ties to even; a carry out of the first
  // digit moves the point.
  if (precision < 0) precision = 6;
  if (conversion == 'g' && precision == 0) precision = 1;
  const int keep = conversion == 'f' ? point + precision : conversion == 'e' ? precision + 1 : precision;
  const int point_before = point;
  if (keep < n) {
    bool up = false;
    if (keep >= 0) {
      // Past a 5 the digits are not all zero unless it is the last; before the first digit is a 0.
      const char next = first[keep];
      up = next > '5' || (next == '5' && (keep + 1 < n || (keep > 0 && (first[keep - 1] & 1) != 0)));
    }
    n = keep < 0 ? 0 : keep;
    if (up) {
      while (n > 0 && first[n - 1] == '9') --n;
      if (n == 0) {
        first[n++] = '1';
        ++point;
      } else {
        ++first[n - 1];
      }
    }
    while (n > 0 && first[n - 1] == '0') --n;
  }

  bool exponential = conversion == 'e';
  if (conversion != 'f') {
    const int exponent = n > 0 ? point - 1 : 0;
    if (conversion == 'g') {
      exponential = exponent < -4 || exponent >= precision;
      // When rounding carries a number of `precision` integer digits into the exponent style
      // (999999.5 to 1e+06), glibc keeps the style f's count of decimals, none: "%#g" gives
      // "1.e+06", not the C standard's "1.00000e+06" (musl's). Without '#' the two agree.
      const bool carried_into_exponent = point > point_before && exponent == precision;
      precision = exponential ? (carried_into_exponent ? 0 : precision - 1) : precision - 1 - exponent;
      if ((flags & kAlternate) == 0) {
        const int needed = n - (exponential ? 1 : point);  // decimals up to the last nonzero digit
        if (precision > needed) precision = needed > 0 ? needed : 0;
      }
    }
    if (exponential) WriteExponent(field.suffix, exponent);
  }
  field.text = first;
  field.text_length = n;
  const int first_after_point = exponential ? 1 : point;
  field.begin = exponential || point > 0 ? 0 : point - 1;  // "0" before the point of a number below 1
  field.end = first_after_point + precision;
  if (precision > 0 || (flags & kAlternate) != 0) field.point = first_after_point;
}

}  // namespace

double Binary128ToDouble(uint64_t low, uint64_t high) {
  const int biased = static_cast<int>((high >> 48) & 0x7fff);
  const uint64_t top = (high << 16) | (low >> 48);  // the fraction's first 64 of 112 bits
  const bool rest = (low << 16) != 0;
  // The implicit 1 and 63 fraction bits, the last also set when any bit after is: the conversion
  // to double rounds at bit 11, so that sticky bit settles ties as the whole number would. Then
  // scalbn scales exactly, and rounds again only below DBL_MIN. Zero and binary128's subnormals
  // fall far below double's range, infinity and NaN far above.
  const uint64_t significand = (uint64_t{1} << 63) | (top >> 1) | (top & 1) | (rest ? 1 : 0);
  double magnitude = std::scalbn(static_cast<double>(significand), biased - 16383 - 63);
  if (biased == 0x7fff && (top != 0 || rest)) magnitude = std::numeric_limits<double>::quiet_NaN();
  return (high >> 63) != 0 ? -magnitude : magnitude;
}

// [SECTION] FormatTextV

int FormatTextV(char* out, size_t size, const char* format, va_list args_in) {
  va_list args;
  va_copy(args, args_in);
  Sink sink{out, size};
  bool failed = false;
  char digits[kMaxDigits];  // a number's digits (at the end) or %c's character
  for (const char* f = format; *f != '\0' && !failed;) {
    if (*f != '%') {
      sink.Put(*f++);
      continue;
    }
    const char* start = f++;
    int flags = 0;
    for (;; ++f) {
      const char* flag = kFlagCharacters;
      while (*flag != '\0' && *flag != *f) ++flag;
      if (*flag == '\0') break;
      flags |= 1 << (flag - kFlagCharacters);
    }
    int width = ReadCount(f, &args);
    if (width < 0) {  // from '*': left-justified
      flags |= kLeft;
      width = -width;
    }
    int precision = -1;
    if (*f == '.') {
      ++f;
      precision = ReadCount(f, &args);
      if (precision < 0) precision = -1;  // from '*': as if none were given
    }
    char length = '\0';      // the length modifier's letter (its first, for hh and ll)
    int argument_bits = 32;  // an integer argument's width
    for (int i = 0; kLengthCharacters[i] != '\0'; ++i) {
      if (*f != kLengthCharacters[i]) continue;
      length = *f++;
      argument_bits = kLengthBits[i];
      if (i < 2 && *f == length) {
        argument_bits = i == 0 ? 8 : 64;
        ++f;
      }
      break;
    }

    char conversion = *f;
    if (conversion == '\0') {
      failed = true;  // the format ends inside a conversion
      break;
    }
    ++f;
    if (conversion == 'X' || conversion == 'E' || conversion == 'F' || conversion == 'G' || conversion == 'A') {
      sink.upper = true;  // until this conversion's field is written
      conversion = static_cast<char>(conversion - 'A' + 'a');
    }
    Field field;
    switch (conversion) {
      case 'd':
      case 'i':
      case 'u':
      case 'o':
      case 'x':
      case 'p': {
        const bool is_signed = conversion == 'd' || conversion == 'i';
        unsigned long long value = conversion == 'p' ? reinterpret_cast<uintptr_t>(va_arg(args, void*))
                                                     : ReadInteger(&args, argument_bits, is_signed);
        if (conversion == 'p' && value == 0) {
          field.text = "(nil)";
          field.text_length = field.end = 5;
          break;
        }
        field.negative = is_signed && static_cast<long long>(value) < 0;
        if (field.negative) value = 0 - value;
        field.is_signed = is_signed || conversion == 'p';  // glibc gives %p a '+' or ' ' too
        field.hex_prefix = conversion == 'p' || (conversion == 'x' && (flags & kAlternate) != 0 && value != 0);
        const unsigned base = conversion == 'o' ? 8 : (conversion == 'x' || conversion == 'p') ? 16 : 10;
        char* first = digits + kMaxDigits;
        for (; value != 0; value /= base) *--first = "0123456789abcdef"[value % base];
        const int n = static_cast<int>(digits + kMaxDigits - first);
        // The precision is the least number of digits (zero, when the value is 0, writes none).
        int shown = precision < 0 ? 1 : precision;
        if (conversion == 'o' && (flags & kAlternate) != 0 && shown <= n) shown = n + 1;  // a leading 0
        if (shown < n) shown = n;
        field.text = first;
        field.text_length = field.end = n;
        field.begin = n - shown;
        field.zero_pad = precision < 0;
        break;
      }
      case 'c':
        digits[0] = static_cast<char>(va_arg(args, int));
        field.text = digits;
        field.text_length = field.end = 1;
        failed = length == 'l';  // a wide character
        break;
      case 's': {
        failed = length == 'l';  // a wide string
        const char* text = failed ? "" : va_arg(args, const char*);
        if (text == nullptr) text = (precision < 0 || precision >= 6) ? "(null)" : "";
        int n = 0;
        while ((precision < 0 || n < precision) && text[n] != '\0') ++n;
        field.text = text;
        field.text_length = field.end = n;
        break;
      }
      case 'f':
      case 'e':
      case 'g': {
        const double value = length == 'L' ? ReadLongDouble(&args) : va_arg(args, double);
        uint64_t bits = 0;
        std::memcpy(&bits, &value, sizeof bits);
        const int biased = static_cast<int>((bits >> 52) & 0x7ff);
        const uint64_t fraction = bits & ((uint64_t{1} << 52) - 1);
        field.negative = (bits >> 63) != 0;
        field.is_signed = true;
        if (biased == 0x7ff) {
          field.text = fraction != 0 ? "nan" : "inf";
          field.text_length = field.end = 3;
          break;
        }
        field.zero_pad = true;
        FormatDecimal(field, digits, biased, fraction, conversion, precision, flags);
        break;
      }
      case '%': sink.Put('%'); continue;
      case 'a':
      case 'n': failed = true; continue;  // refused (print_text.h)
      default:                            // not a conversion: the text as written
        for (sink.upper = false; start != f; ++start) sink.Put(*start);
        continue;
    }
    if (!failed) Emit(sink, flags, width, field);
  }
  va_end(args);
  if (size > 0) out[sink.length < size ? sink.length : size - 1] = '\0';
  return failed || sink.length > INT_MAX ? -1 : static_cast<int>(sink.length);
}

int FormatText(char* out, size_t size, const char* format, ...) {
  va_list args;
  va_start(args, format);
  const int length = FormatTextV(out, size, format, args);
  va_end(args);
  return length;
}

}  // namespace platform
