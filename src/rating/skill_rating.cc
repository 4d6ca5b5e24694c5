// PLACEHOLDER (lead, 28 Nov): the ratings branch replaces this file with the model's arithmetic.
// Until then, nothing changes: every skill stays as it was.
#include "rating/skill_rating.h"

#include <stdexcept>

namespace allegra::rating {

std::vector<Skill> update(std::span<const Skill> before, std::span<const int> place,
                          const ModelOptions&) {
  if (before.size() < 2 || before.size() != place.size())
    throw std::invalid_argument("rating update: at least 2 players, one place each");
  return {before.begin(), before.end()};
}

double display_rating(const Skill& skill) { return skill.mu - 3 * skill.sigma; }

bool is_provisional(const Skill&, int rated_games) { return rated_games < 10; }

}  // namespace allegra::rating
