import layersImage from '../../assets/nested-skills-layers.webp';

/** Body of 'nested-skills-research': a research-minded essay on what a solved bounty demonstrates. */
export const nestedSkillsResearchBody = `
Every bounty on Side Quest has a skill list. A typical one might say *TypeScript, React, accessibility*. Those tags are useful: they help you find work you can do and they help the [Value Compass](/compass) show which skills companies are paying for. But after a year of reading submissions, talking to the people who wrote them and to the companies who reviewed them, I have become convinced that the tags describe the smallest part of what a solved bounty proves.

This article is my attempt to describe the rest. I call it the **nested skills** model. It is not a scientific theory and I am not going to pretend it comes with a data set. It is a way of looking at work that I have found useful, and that several reviewers told me matched what they already did by instinct.

# The problem with flat skill lists

A CV lists skills as if they were independent items on a shelf: Python, SQL, project management, communication. Interviews then try to test each item separately, usually out of context. A whiteboard question checks whether you can reverse a linked list; a behavioural question checks whether you can tell a story about conflict.

Real work does not arrive in that shape. A real problem asks for several skills at once, and the interesting part is how they fit together. Two people can both "know React" and still produce wildly different solutions to the same brief, because one of them also knew when to stop adding features and the other did not.

Flat lists hide three things that matter to anyone hiring:

- **Depth.** Knowing a tool well enough to finish is different from knowing it well enough to start.
- **Transfer.** Some skills travel to every problem you will ever solve. Others belong to one library version.
- **Judgement.** The decision about *what not to do* rarely appears on any list, yet it is often the skill a company is most desperate for.

# Three layers, one bounty

![Three nested layers: judgement around craft around the tool named in the bounty](${layersImage})

The model has three layers. Each one sits inside the next, and a real solution always exercises all three, whether or not the brief mentions them.

## The tool layer

At the centre is the tool: the language, framework, library or instrument named in the bounty. This is what skill tags describe well. If a bounty asks for a Rust command-line tool, you need to be able to write Rust. The [Rust book](https://doc.rust-lang.org/book/) will get you a long way, and the compiler will tell you, loudly, when you are not there yet.

The tool layer is the easiest to verify and the fastest to go out of date. It is necessary, and it is never sufficient.

## The craft layer

Around the tool sits craft: the habits that make any tool produce reliable work. Writing tests before you trust your own code. Reading an error message to the end. Reducing a bug to the smallest case that still fails. Naming things so that the next reader does not have to guess. Writing a README that a tired person can follow.

Craft transfers. Someone who writes good tests in Python, with something as plain as the standard [unittest module](https://docs.python.org/3/library/unittest.html), will usually write good tests in whatever they pick up next. Reviewers notice craft immediately, even when they cannot name it: it is the difference between a submission they can check in ten minutes and one they have to reverse-engineer.

## The judgement layer

The outer layer is judgement: understanding what the problem actually is, choosing a scope that can be finished, trading one quality for another on purpose, and knowing when the work is done. Judgement is where most of the value of a senior person lives, and it is the layer that traditional credentials are worst at showing.

### Why a bounty exposes it

A bounty exposes judgement because it is bounded. There is a brief, a set of success criteria and a deadline. Within those limits, every choice you make is visible in what you hand in.

# How a single bounty exercises all three

Consider an accessibility bounty: a company wants its checkout form to be usable with a keyboard and a screen reader. The skill tags might be *HTML, ARIA, accessibility*.

At the **tool layer**, the solver needs to know the relevant HTML elements and attributes, and where to look things up. The [MDN accessibility guides](https://developer.mozilla.org/en-US/docs/Web/Accessibility) and the [WCAG overview from the W3C](https://www.w3.org/WAI/standards-guidelines/wcag/) are the obvious references.

At the **craft layer**, they need to test with a real screen reader rather than trusting a linter, write down the steps to reproduce each problem they found, and keep each fix small enough to review.

At the **judgement layer**, they need to decide which problems block a purchase and which are cosmetic, notice that two of the issues come from one shared component and fix it there, and tell the company honestly which parts of the form still need design work that no code change can provide.

Two submissions can tick every skill tag and still differ completely at the outer layers. That difference is what the company is really buying.

# What reviewers told me they look for

When I asked reviewers how they compare submissions, almost nobody started with the tool layer. Their answers clustered around a few questions:

1. Did the solver restate the problem in their own words, and was the restatement right?
2. Can I reproduce the result without messaging them?
3. Did they explain the trade-offs they made, or only the choices?
4. Did they tell me what they did not do, and why?
5. Would I be comfortable handing this person a problem that is less well defined than this one?

The last question is the one that turns a paid bounty into a hiring conversation. It is a question about judgement, answered by evidence from craft, in the context of a tool.

# Using nested skills to choose your next bounty

If you accept the model, it changes how you pick work. Rather than collecting tools, you can choose bounties that stretch one layer at a time.

- **To grow the tool layer**, pick a bounty in a familiar domain with an unfamiliar library. Your craft and judgement carry you while you learn.
- **To grow the craft layer**, pick a bounty in a tool you know well and set yourself a standard you do not usually meet: full test coverage of the risky paths, a written runbook, a reproducible benchmark.
- **To grow the judgement layer**, pick a bounty whose brief is slightly vague and practise turning it into a scope you can defend. Write the scope down before you start and compare it with what you actually delivered.

The [Value Compass](/compass) is useful here. It shows demand at the tool layer, which tells you where the money is. Your own honest review of past work tells you which layer is holding you back.

## A note for companies

If you are posting challenges, you can make the outer layers visible on purpose. Ask for a short decision log with every submission. State which trade-offs you care about. Leave a little room in the brief for the solver to ask questions. The [guide for clients](/for-clients) covers the mechanics; the principle is simply that you get better evidence when you ask for it.

# Why this matters for the Golden Bridge

Side Quest describes itself as a **Golden Bridge**: a third path between institutional conformity and the high risk of founding a company. A bridge is only useful if people on the other side trust it. Flat skill lists do not earn that trust, because anyone can write them. Nested evidence does, because it shows how someone thinks when nobody is grading them on a rubric they have seen before.

I do not think credentials are going away, and I do not think they should. But for the growing number of people who learn by doing, a solved bounty is a more honest document than most certificates. It just needs to be read in layers.

If you want to see the layers for yourself, pick any open challenge on the [bounties page](/bounties), and before you write a line of code, write one paragraph for each layer: what you know, how you will work, and what you will decide not to do. Then solve it. The paragraph and the solution together are your proof.
`;
