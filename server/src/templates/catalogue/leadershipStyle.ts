import { pointsTo, question } from './builders.ts';
import type { CatalogueTemplate } from './index.ts';

const visionary = 'p-visionary';
const coach = 'p-coach';
const collaborator = 'p-collaborator';
const driver = 'p-driver';

const direction = 'c-direction';
const decisions = 'c-decisions';
const people = 'c-people';
const pressure = 'c-pressure';

/** Category quiz (multiple personality): the leadership style a player leans on in each of four areas. */
export const leadershipStyle: CatalogueTemplate = {
  id: 'b0512a3a-d829-4e16-85a7-cb7412afd049',
  description:
    'Eight real-world scenarios reveal the leadership style used in four areas of leading: for coaches and HR consultants.',
  image: '/template-images/cover-leadership-style.svg',
  quiz: {
    title: 'What’s Your Leadership Style?',
    quizType: 'category_quiz_multiple_personality',
    settings: {
      welcomeMessage:
        '<p>Great leaders adapt their style to the moment. Work through 8 real-world scenarios in four areas of leadership to discover the style you lean on in each, and where to stretch.</p>',
      startButtonText: 'Discover Mine',
      theme: 'theme12',
      randomizeAnswers: true,
      emailMessage: 'Enter your email to get your leadership profile',
      scoreMessage:
        '<p>Here’s the style you lean on in each area of leadership. No style is best: strong leaders know when to switch.</p>',
      offerMessage: 'Book a free leadership coaching session',
      offerButtonText: 'Book a Session',
      metaTitle: 'What’s Your Leadership Style? Take the Quiz',
      metaDescription:
        'Visionary, coach, collaborator or driver? Eight scenarios reveal how you lead when setting direction, deciding, developing people and under pressure.',
      crmTag: 'quiz-leadership-style',
    },
    categories: [
      { id: direction, title: 'Setting Direction', description: 'How you set goals and explain where the team is heading.' },
      {
        id: decisions,
        title: 'Making Decisions',
        description: 'How you weigh options and whom you involve when a call has to be made.',
      },
      {
        id: people,
        title: 'Developing People',
        description: 'How you help the people on your team learn, grow and do their best work.',
      },
      {
        id: pressure,
        title: 'Leading Under Pressure',
        description: 'How you respond when deadlines tighten or things go wrong.',
      },
    ],
    personalities: [
      {
        id: visionary,
        title: 'The Visionary',
        description:
          '<p>You lead by painting a clear picture of where the team is going and why it matters, and people follow your energy and sense of purpose.</p><p><strong>Stretch:</strong> turn the big picture into clear next steps so nobody is left guessing.</p>',
      },
      {
        id: coach,
        title: 'The Coach',
        description:
          '<p>You invest in people. You ask good questions, give honest feedback and help each person grow, which builds loyal, capable teams.</p><p><strong>Stretch:</strong> balance long-term growth with what must be delivered this week.</p>',
      },
      {
        id: collaborator,
        title: 'The Collaborator',
        description:
          '<p>You bring people in. You seek input, build agreement and make sure every voice is heard, so decisions have real buy-in.</p><p><strong>Stretch:</strong> in a crisis, be ready to make the call yourself.</p>',
      },
      {
        id: driver,
        title: 'The Driver',
        description:
          '<p>You set high standards and lead from the front. Your pace and focus on results get things done, often faster than anyone expected.</p><p><strong>Stretch:</strong> delegate more and watch for signs your team is running out of steam.</p>',
      },
    ],
  },
  questions: [
    question(
      'da3e830c-92f9-4368-a6b0-219bec892e76',
      'A new quarter starts. How do you set your team’s goals?',
      [
        pointsTo('a1', 'I share an inspiring picture of where we’re headed and let the team shape the path', visionary),
        pointsTo('a2', 'I link the team goals to each person’s growth plan', coach),
        pointsTo('a3', 'We workshop the goals together and agree on them as a group', collaborator),
        pointsTo('a4', 'I set ambitious targets and show the pace by example', driver),
      ],
      { categoryId: direction },
    ),
    question(
      '1a011352-2615-4a19-ab93-30d2b2c61b0f',
      'How do you explain a big change to your team?',
      [
        pointsTo('a1', 'I lay out the plan, the deadlines and what I expect from everyone', driver),
        pointsTo('a2', 'I open the floor for questions and ideas before finalising the plan', collaborator),
        pointsTo('a3', 'I explain why it matters and what success will look like', visionary),
        pointsTo('a4', 'I talk one-to-one about what it means for each person', coach),
      ],
      { categoryId: direction },
    ),
    question(
      '706d3af4-86bc-44a3-b69d-d04e9c9bdd06',
      'An important decision must be made by Friday. What do you do?',
      [
        pointsTo('a1', 'Gather the team’s views and go with the strongest consensus', collaborator),
        pointsTo('a2', 'Decide quickly myself: speed matters', driver),
        pointsTo('a3', 'Let a team member lead it as a learning opportunity, with my support', coach),
        pointsTo('a4', 'Decide based on where we want to be in a year, and explain why', visionary),
      ],
      { categoryId: decisions },
    ),
    question(
      'e2a9a069-c624-464d-8a6a-b5c84f57c1a7',
      'Two team members disagree about the best approach. You…',
      [
        pointsTo('a1', '…remind them of the shared goal and ask which option serves it best', visionary),
        pointsTo('a2', '…bring the whole team in to discuss it and agree together', collaborator),
        pointsTo('a3', '…pick the approach that gets results fastest and move on', driver),
        pointsTo('a4', '…help each of them see what they can learn from the other', coach),
      ],
      { categoryId: decisions },
    ),
    question(
      'fd875470-9557-4522-aff4-0ecb3d0d132f',
      'Someone on your team is struggling with a new task. How do you help?',
      [
        pointsTo('a1', 'Sit down with them, ask questions and agree a plan to build the skill', coach),
        pointsTo('a2', 'Show them how I’d do it, then expect them to match it', driver),
        pointsTo('a3', 'Remind them how their work fits the bigger picture', visionary),
        pointsTo('a4', 'Ask the team to share tips and pitch in', collaborator),
      ],
      { categoryId: people },
    ),
    question(
      '7d51bd3f-8525-4351-94c4-d67343311ade',
      'What do you enjoy most about leading?',
      [
        pointsTo('a1', 'Building a team where everyone’s voice counts', collaborator),
        pointsTo('a2', 'Watching people grow into their potential', coach),
        pointsTo('a3', 'Hitting goals that seemed out of reach', driver),
        pointsTo('a4', 'Seeing people get excited about a shared vision', visionary),
      ],
      { categoryId: people },
    ),
    question(
      '6701d837-b0ca-42c3-ac8f-f0fd7cb278be',
      'A key project is falling behind schedule. What’s your first move?',
      [
        pointsTo('a1', 'Roll up my sleeves and take on the hardest tasks myself', driver),
        pointsTo('a2', 'Refocus everyone on why the project matters', visionary),
        pointsTo('a3', 'Check in with each person to find out what’s blocking them', coach),
        pointsTo('a4', 'Call a team meeting to agree a recovery plan together', collaborator),
      ],
      { categoryId: pressure },
    ),
    question(
      'a8376ad8-19a3-4196-a8f9-3a8241e1ef97',
      'How would your team describe you on a stressful day?',
      [
        pointsTo('a1', 'Patient and supportive', coach),
        pointsTo('a2', 'Open and inclusive, even under pressure', collaborator),
        pointsTo('a3', 'Calm and focused on the big picture', visionary),
        pointsTo('a4', 'Intense, driven and leading from the front', driver),
      ],
      { categoryId: pressure },
    ),
  ],
};
