#pragma once
// The pieces the scenes' descriptions for the accessible mirror are made of (lesson/describe.h):
// numbers as a screen reader should read them, and words from the [mirror] section of
// assets/lesson/lesson.txt. No output ever reads "nan", "inf" or "undefined".

#include <initializer_list>
#include <string>
#include <vector>

#include "lesson/text_store.h"

namespace lesson {

// A {name} of a text and the number it stands for.
struct NumberField {
  const char* name;
  double value;
};

// FormatSigned(x), or "not a valid number" for a non-finite x.
std::string MirrorNumber(double x);
std::string MirrorCount(int n);
std::string MirrorOnOff(bool on);
std::string MirrorYesNo(bool yes);
// The word in quotes, as the text file writes them: “cat”.
std::string MirrorQuoted(const std::string& word);
// "a", "a and b", "a, b and c".
std::string MirrorList(const std::vector<std::string>& items);
// The sentences joined with a space; empty ones left out.
std::string MirrorSentences(const std::vector<std::string>& sentences);
// Text the learner typed, made safe to read out: invalid UTF-8 becomes U+FFFD and control
// characters become spaces, so a table cell stays one line of valid text.
std::string MirrorReadable(const std::string& text);
// Something other than spaces and line breaks.
bool HasWords(const std::string& text);
// Fill(text, words) with `numbers` filled in too, each as MirrorNumber writes it.
std::string FillNumbers(const std::string& text, std::initializer_list<NumberField> numbers, TextFields words = {});

}  // namespace lesson
